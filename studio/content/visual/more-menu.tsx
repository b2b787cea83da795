import { type KeyboardEvent, useEffect, useRef, useState } from "react";

/** One entry of the «Ещё» menu: an action (a toggle when `checked` is given), or a line between groups. */
export type MenuEntry = { label: string; onSelect: () => void; checked?: boolean; disabled?: boolean } | "separator";

type Props = {
  id: string;
  /** What the menu holds, said with the button's name («Ещё: …»). */
  label: string;
  entries: MenuEntry[];
};

/**
 * The toolbar's «Ещё»: what does not fit two rows at a phone's width. The menu button pattern
 * (WAI-ARIA APG): Enter, Space or ↓ open it on its first entry, ↑ on its last; ↑ ↓ Home End move;
 * Escape closes it and gives focus back to the button; Tab or a click elsewhere closes it.
 */
export function MoreMenu({ id, label, entries }: Props) {
  const [open, setOpen] = useState<"first" | "last" | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>("[role^='menuitem']") ?? [])];
  const focusAt = (index: number) => {
    const all = items();
    all[((index % all.length) + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = [...(menu.current?.querySelectorAll<HTMLElement>("[role^='menuitem']") ?? [])];
    (open === "first" ? all[0] : all.at(-1))?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(null);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  function close() {
    setOpen(null);
    button.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent) {
    const at = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusAt(at + 1),
      ArrowUp: () => focusAt(at - 1),
      Home: () => focusAt(0),
      End: () => focusAt(-1),
      Escape: close,
    };
    if (event.key === "Tab") setOpen(null);
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    move();
  }

  return (
    <span className="s-visual__more">
      <button
        ref={button}
        type="button"
        id={`${id}-more`}
        className="s-button s-button--quiet"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? `${id}-more-menu` : undefined}
        onClick={() => (open ? setOpen(null) : setOpen("first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
      >
        Ещё
      </button>
      {open ? (
        <div ref={menu} id={`${id}-more-menu`} className="s-visual__popup s-visual__menu" role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {entries.map((entry, index) =>
            entry === "separator" ? (
              <div key={`separator-${index}`} role="separator" className="s-visual__separator" />
            ) : (
              <button
                key={entry.label}
                type="button"
                tabIndex={-1}
                className="s-visual__menuitem"
                role={entry.checked === undefined ? "menuitem" : "menuitemcheckbox"}
                aria-checked={entry.checked}
                aria-disabled={entry.disabled || undefined}
                onClick={() => {
                  if (entry.disabled) return;
                  setOpen(null);
                  entry.onSelect();
                }}
              >
                {entry.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </span>
  );
}
