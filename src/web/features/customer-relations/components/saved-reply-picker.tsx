import { BookText } from "lucide-react";
import { useId, useState } from "react";
import type { SavedReply } from "../../../../shared/contracts/saved-replies.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Select } from "../../../components/ui/field.tsx";
import { useSavedReplies } from "../api/saved-replies.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import { SavedRepliesDialog } from "./saved-replies-dialog.tsx";

const text = RELATIONS_TEXT.savedReplies;

/**
 * "Insert saved reply": a list of the desk's saved replies and a button that puts the chosen one
 * into the reply (choosing alone does nothing, so arrowing through the list never writes), and
 * the dialog that keeps them.
 */
export function SavedReplyPicker({ onInsert }: { onInsert(reply: SavedReply): void }) {
  const id = useId();
  const replies = useSavedReplies();
  const [chosen, setChosen] = useState("");
  const [managing, setManaging] = useState(false);
  const list = replies.data ?? [];
  const reply = list.find((candidate) => String(candidate.id) === chosen);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-48 space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold text-ink-700">
          {text.picker}
        </label>
        <Select
          id={id}
          value={chosen}
          disabled={list.length === 0}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">
            {replies.isPending ? text.loading : list.length === 0 ? text.none : text.choose}
          </option>
          {list.map((candidate) => (
            <option key={candidate.id} value={String(candidate.id)}>
              {candidate.title}
            </option>
          ))}
        </Select>
      </div>
      <Button
        variant="outline"
        disabled={!reply}
        onClick={() => {
          if (!reply) return;
          onInsert(reply);
          setChosen("");
        }}
      >
        {text.insert}
      </Button>
      <Button variant="ghost" onClick={() => setManaging(true)}>
        <BookText aria-hidden="true" className="h-4 w-4" /> {text.manage}
      </Button>
      <SavedRepliesDialog open={managing} onClose={() => setManaging(false)} />
    </div>
  );
}
