/**
 * The error of a group of controls (a fieldset: a list, an object, a picker):
 * focusable, so a refused save can move focus to it when no single control
 * carries the error.
 */
export function GroupError({ id, text }: { id: string; text: string }) {
  return (
    <p className="s-field__error" id={id} tabIndex={-1} data-error="">
      {text}
    </p>
  );
}
