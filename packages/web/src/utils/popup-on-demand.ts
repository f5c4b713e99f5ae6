import { useEffect, useRef, useState } from 'react';

/**
 * An antd Dropdown made the first time it is clicked: until then its trigger renders alone. A
 * dropdown made with the page costs a render of its own and another once mounted (rc-trigger
 * measures its target), on every page load for those of the header and of every row of a list
 * (BENCHMARKS.md, console).
 *
 * `wake` goes on the trigger. Once `made`, the caller wraps the trigger in the dropdown with
 * `popup` (its `open` and `onOpenChange`), and the trigger, now mounted inside it, gets back the
 * focus it had (`ref` on the trigger). Only for clicks: the trigger is mounted anew, and a popup
 * made on hover would lose a click the pointer made right after coming.
 */
export function usePopupOnDemand<T extends HTMLElement>() {
  const [open, setOpen] = useState<boolean>();
  const ref = useRef<T>(null);
  const focused = useRef(false);
  const made = open !== undefined;
  useEffect(() => {
    if (made && focused.current) ref.current?.focus();
  }, [made]);

  const wake = (event: { currentTarget: EventTarget }) => {
    focused.current = document.activeElement === event.currentTarget;
    setOpen(true);
  };
  return {
    made,
    ref,
    wake: made ? {} : { onClick: wake },
    popup: { open: open ?? false, onOpenChange: setOpen },
  };
}
