import * as RadixDialog from "@radix-ui/react-dialog";
import { Pencil, Trash2, X } from "lucide-react";
import { useCallback, useId, useState } from "react";
import {
  SAVED_REPLY_BODY_MAX,
  SAVED_REPLY_TITLE_MAX,
  type SavedReply,
  savedReplyInputSchema,
} from "../../../../shared/contracts/saved-replies.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../../components/ui/field.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useChangeSavedReply, useSavedReplies } from "../api/saved-replies.ts";
import { RELATIONS_TEXT } from "../texts.ts";

const text = RELATIONS_TEXT.savedReplies;
type Problems = { title?: string; body?: string; form?: string };

/** Writes a new saved reply, or edits one; the shared schema checks it as the server will. */
function SavedReplyForm({ editing, onDone }: { editing: SavedReply | null; onDone(): void }) {
  const id = useId();
  const change = useChangeSavedReply();
  const [title, setTitle] = useState(editing?.title ?? "");
  const [body, setBody] = useState(editing?.body ?? "");
  const [problems, setProblems] = useState<Problems>({});

  const save = async () => {
    const checked = savedReplyInputSchema.safeParse({ title, body });
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as "title" | "body";
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    try {
      const input = checked.data;
      await change.mutateAsync(
        editing ? { kind: "update", id: editing.id, input } : { kind: "create", input },
      );
      toast.success(text.saved(input.title));
      setTitle("");
      setBody("");
      setProblems({});
      onDone();
    } catch (error) {
      setProblems({ form: errorMessage(error) });
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        // Drawn in a portal but inside the reply box's form in React's tree: the submit must not
        // reach that form too.
        event.stopPropagation();
        void save();
      }}
    >
      <h3 id={`${id}-heading`} className="font-semibold text-ink-900">
        {editing ? text.editHeading(editing.title) : text.newHeading}
      </h3>
      <Field id={`${id}-title`} label={text.title} error={problems.title}>
        <Input
          value={title}
          maxLength={SAVED_REPLY_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <Field id={`${id}-body`} label={text.body} error={problems.body}>
        <Textarea
          rows={5}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={`${id}-count`}
        />
      </Field>
      <p id={`${id}-count`} className="text-xs text-ink-500">
        {text.count(body.length, SAVED_REPLY_BODY_MAX)}
      </p>
      {problems.form && (
        <p role="alert" className="text-sm text-red-700">
          {problems.form}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? text.saving : text.save}
        </Button>
        {editing && (
          <Button variant="outline" onClick={onDone}>
            {text.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}

function SavedReplyItem({ reply, onEdit }: { reply: SavedReply; onEdit(): void }) {
  const change = useChangeSavedReply();
  const [confirming, setConfirming] = useState(false);
  // The question takes the place of the button pressed: the focus goes to its safe answer, once.
  const focusKeep = useCallback((button: HTMLButtonElement | null) => button?.focus(), []);
  const remove = async () => {
    try {
      await change.mutateAsync({ kind: "delete", id: reply.id });
      toast.success(text.deleted(reply.title));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="rounded-2xl border border-cream-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words font-semibold text-ink-900">
          <bdi>{reply.title}</bdi>
        </p>
        {!confirming && (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={text.edit(reply.title)}
              onClick={onEdit}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={text.delete(reply.title)}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        )}
      </div>
      <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm text-ink-700">
        <bdi>{reply.body}</bdi>
      </p>
      <p className="mt-1 text-xs text-ink-500">{text.byLine(reply.updatedBy)}</p>
      {confirming && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-900">{text.confirmDelete(reply.title)}</p>
          <Button
            variant="danger"
            size="sm"
            disabled={change.isPending}
            onClick={() => void remove()}
          >
            {text.yesDelete}
          </Button>
          <Button variant="outline" size="sm" ref={focusKeep} onClick={() => setConfirming(false)}>
            {text.keep}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The desk's saved replies, kept from the reply box: the list, each to edit or delete, and a form
 * for a new one. Over the ticket sheet, its focus trapped inside and returned to the opener.
 */
export function SavedRepliesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const replies = useSavedReplies();
  const [editing, setEditing] = useState<SavedReply | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[80] bg-ink-900/40" />
        <RadixDialog.Content className="fixed inset-x-0 bottom-0 z-[90] max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-cream-50 p-5 shadow-card sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-7">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="font-display text-2xl font-bold text-ink-900">
                {text.heading}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-500">
                {text.intro}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="rounded-full p-2 text-ink-500 hover:bg-brand-50 hover:text-brand-700"
              aria-label={text.close}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div className="space-y-4">
            {replies.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner label={text.loading} />
              </div>
            ) : replies.isError ? (
              <LoadError error={replies.error} onRetry={() => void replies.refetch()} />
            ) : replies.data.length === 0 ? (
              <p className="text-sm text-ink-700">{text.empty}</p>
            ) : (
              <ul aria-label={text.heading} className="space-y-3">
                {replies.data.map((reply) => (
                  <SavedReplyItem key={reply.id} reply={reply} onEdit={() => setEditing(reply)} />
                ))}
              </ul>
            )}
            <SavedReplyForm
              key={editing?.id ?? "new"}
              editing={editing}
              onDone={() => setEditing(null)}
            />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
