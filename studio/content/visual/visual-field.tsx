import type { Command } from "prosemirror-state";
import { type ReactNode, useId, useState } from "react";
import { type IncomingImage, LongTextFrame, useImageSource } from "../long-text-frame.tsx";
import { offerDescription } from "../upload.ts";
import { type Ask, AskForm } from "./ask-form.tsx";
import * as edit from "./commands.ts";
import { schema } from "./markdown.ts";
import { CodeLanguage, VisualToolbar } from "./toolbar.tsx";
import { useProseEditor } from "./use-prose-editor.ts";
import "./visual-field.css";

/**
 * A long text edited visually (decision 033): ProseMirror over the schema of
 * ./markdown.ts (./use-prose-editor.ts), Markdown written back on every edit, so the stored text
 * and the source mode stay what they were. Toolbar (./toolbar.tsx) and keyboard: Ctrl+B, Ctrl+I,
 * Ctrl+K (a link, its address asked for below the toolbar: ./ask-form.tsx), Ctrl+Z,
 * Ctrl+Shift+Z, Ctrl+S (saves the form), Tab between table cells.
 */
type Props = {
  label: string;
  hint: string | undefined;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  modeSwitch: ReactNode;
  /** The text could not be read into the editor's document: the field opens it as Markdown instead. */
  onUnreadable: () => void;
};

export function VisualField({ label, hint, error, value, onChange, modeSwitch, onUnreadable }: Props) {
  const id = useId();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [askValue, setAskValue] = useState("");
  const [askError, setAskError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  const { host, view, state } = useProseEditor({
    value,
    onChange,
    onUnreadable,
    onAskLink: () => openLink(),
    // tabindex: an editable area is focusable anyway; said aloud so checkers that scroll it know it.
    attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label, class: "s-visual__content", tabindex: "0", "aria-describedby": describedBy, ...(error ? { "aria-invalid": "true" } : {}) },
  });

  function openLink() {
    const current = view.current?.state.selection.$from.marks().find((mark) => mark.type === schema.marks.link)?.attrs.href as string | undefined;
    setAsk({ kind: "link", initial: current ?? "" });
    setAskValue(current ?? "https://");
    setAskError(null);
  }

  function run(command: Command) {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch, editor);
    editor.focus();
  }

  function closeAsk() {
    setAsk(null);
    setAskError(null);
    view.current?.focus();
  }

  function confirmAsk() {
    const text = askValue.trim();
    if (ask?.kind === "link") {
      if (!edit.LINK.test(text) || text === "https://") {
        setAskError("Укажите адрес: https://…, /путь/ на сайте, mailto: или tel:");
        return;
      }
      setAsk(null);
      run(edit.setLink(text));
    } else if (ask?.kind === "alt") {
      if (!text) {
        setAskError("Опишите изображение: это прочтут те, кто его не видит");
        return;
      }
      setAsk(null);
      run(edit.insertImage(ask.src, text));
      offerDescription(ask.src, text);
      setStatus(`Изображение вставлено (${ask.size}).`);
    }
  }

  // An image uploaded or picked: its description asked for, offered as «Медиа» has it.
  const image = useImageSource((incoming: IncomingImage) => {
    setAsk({ kind: "alt", src: incoming.src, size: incoming.size });
    setAskValue(incoming.alt);
    setAskError(null);
    setStatus(incoming.alt ? "Проверьте описание изображения и вставьте его." : "Опишите изображение и вставьте его.");
  }, setStatus);

  const toolbar = <VisualToolbar id={id} state={state} run={run} onLink={openLink} image={image} />;
  const opened = (
    <>
      <CodeLanguage id={id} state={state} run={run} />
      {image.picker}
      {ask ? <AskForm id={id} ask={ask} value={askValue} error={askError} onValue={setAskValue} onConfirm={confirmAsk} onClose={closeAsk} /> : null}
    </>
  );

  return (
    <LongTextFrame id={id} label={label} className="s-visual" modeSwitch={modeSwitch} toolbar={toolbar} opened={opened} status={status} error={error} hint={hint}>
      <div
        className="s-visual__editor"
        ref={host}
        data-invalid={error ? "" : undefined}
        // «Focus to the first error» lands here; the editing area inside takes it.
        data-error={error ? "" : undefined}
        tabIndex={error ? -1 : undefined}
        onFocus={(event) => event.target === event.currentTarget && view.current?.focus()}
      />
    </LongTextFrame>
  );
}
