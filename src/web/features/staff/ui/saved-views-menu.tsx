import * as Popover from "@radix-ui/react-popover";
import { Bookmark, Trash2, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  SAVED_VIEW_LIMITS,
  type SavedView,
  savedViewInputSchemaFor,
} from "../../../../shared/contracts/saved-views.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useDeleteView, useSavedViews, useSaveView } from "../api/saved-views.ts";
import { PanelSkeleton } from "./panel.tsx";
import { SAVED_VIEW_TEXT as text } from "./saved-view-texts.ts";

function ViewList({
  dashboard,
  query,
  onApply,
}: {
  dashboard: StaffRole;
  query: string;
  onApply(view: SavedView): void;
}) {
  const views = useSavedViews(dashboard);
  const remove = useDeleteView(dashboard);
  if (views.isPending) return <PanelSkeleton label={text.loading} rows={2} />;
  if (!views.data) return <LoadError error={views.error} onRetry={() => void views.refetch()} />;
  if (views.data.views.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-brand-200 bg-cream-50 px-3 py-4 text-center">
        <p className="text-sm font-semibold text-ink-900">{text.empty}</p>
        <p className="mt-1 text-xs text-ink-500">{text.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul aria-label={text.listLabel} className="max-h-64 space-y-1 overflow-y-auto">
      {views.data.views.map((view) => {
        const current = view.query === query;
        return (
          <li key={view.id} className="flex items-center gap-1">
            <Popover.Close asChild>
              <button
                type="button"
                aria-current={current || undefined}
                onClick={() => onApply(view)}
                className={cn(
                  "min-w-0 flex-1 truncate rounded-lg px-3 py-2 text-left text-sm font-semibold hover:bg-brand-50",
                  current ? "bg-brand-50 text-brand-800" : "text-ink-900",
                )}
              >
                {view.name}
              </button>
            </Popover.Close>
            <button
              type="button"
              aria-label={text.delete(view.name)}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(view.id, {
                  onSuccess: () => toast.success(text.deleted(view.name)),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
              className="shrink-0 rounded-full p-2 text-ink-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function SaveForm({ dashboard, query }: { dashboard: StaffRole; query: string }) {
  const id = useId();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string>();
  const save = useSaveView(dashboard);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route parses the same schema again; here it only spares a round trip.
    const parsed = savedViewInputSchemaFor(dashboard).safeParse({ name, query });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(text.saved(parsed.data.name));
        setName("");
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={text.saveHeading} className="space-y-2">
      <p className="text-sm font-bold text-ink-900">{text.saveHeading}</p>
      <Field id={`${id}-name`} label={text.nameLabel} error={problem}>
        <Input
          value={name}
          maxLength={SAVED_VIEW_LIMITS.name}
          autoComplete="off"
          placeholder={text.namePlaceholder}
          aria-describedby={problem ? `${id}-name-error ${id}-hint` : `${id}-hint`}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <p id={`${id}-hint`} className="text-xs text-ink-500">
        {text.nameHint}
      </p>
      <Button type="submit" size="sm" disabled={save.isPending}>
        {save.isPending ? text.saving : text.save}
      </Button>
    </form>
  );
}

/**
 * A dashboard's saved views: the member's own, kept on the server so they follow them to their
 * phone. Choosing one replaces the filters in the address; the open record is not part of a view.
 */
export function SavedViewsMenu({
  dashboard,
  query,
  onApply,
}: {
  dashboard: StaffRole;
  /** The current filters as the address spells them, without the open record. */
  query: string;
  onApply(query: string): void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm">
          <Bookmark aria-hidden="true" className="h-4 w-4" /> {text.button}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={12}
          aria-label={text.title}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] space-y-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-xl"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="text-sm font-bold text-ink-900">{text.title}</p>
            <Popover.Close
              aria-label={text.close}
              className="-m-1 rounded-full p-1 text-ink-500 hover:bg-cream-100 hover:text-ink-900"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Popover.Close>
          </div>
          <ViewList dashboard={dashboard} query={query} onApply={(view) => onApply(view.query)} />
          <div className="border-t border-cream-200 pt-3">
            <SaveForm dashboard={dashboard} query={query} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
