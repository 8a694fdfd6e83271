import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { SALES_TEXT } from "../texts.ts";

/** Previous and Next through the board's keyset pages; hidden when there is only one. */
export function BoardPager({
  page,
  hasNext,
  busy,
  onPrevious,
  onNext,
}: {
  page: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={SALES_TEXT.board.pager} className="flex items-center justify-end gap-2">
      <Button variant="outline" size="sm" disabled={page === 1 || busy} onClick={onPrevious}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" /> {SALES_TEXT.board.previous}
      </Button>
      <Button variant="outline" size="sm" disabled={!hasNext || busy} onClick={onNext}>
        {SALES_TEXT.board.next} <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
