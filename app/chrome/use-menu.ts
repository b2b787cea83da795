import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * What JavaScript adds to the header's <details> menu (which opens and closes
 * without it): Escape closes it and returns focus to its button, a click
 * outside or focus leaving it closes it, and it closes after a navigation.
 * The open state lives in the DOM attribute only, so hydration changes nothing.
 */
export function useMenu(ref: RefObject<HTMLDetailsElement | null>) {
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);

  // After a navigation only: a menu opened before hydration finished stays open.
  useEffect(() => {
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    ref.current?.removeAttribute("open");
  }, [ref, pathname, search]);

  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const close = (returnFocus: boolean) => {
      if (!menu.open) return;
      menu.open = false;
      if (returnFocus) menu.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.open) {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.contains(event.target as Node)) close(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !menu.contains(next)) close(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    menu.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      menu.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);
}
