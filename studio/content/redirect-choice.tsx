/**
 * «Перенаправлять … (301)» and where to: shared by renaming and deleting an
 * entry that has a page of its own. `id` prefixes the controls' ids.
 */
export function RedirectChoice(props: {
  id: string;
  label: string;
  redirect: boolean;
  onRedirect(value: boolean): void;
  target: string;
  onTarget(value: string): void;
  choices: readonly string[];
  /** How a choice is shown (the new address marked as such). */
  name?: (path: string) => string;
}) {
  const { id, label, redirect, onRedirect, target, onTarget, choices, name = (path) => path } = props;
  return (
    <>
      <div className="s-check">
        <input id={`${id}-redirect`} type="checkbox" checked={redirect} onChange={(e) => onRedirect(e.target.checked)} />
        <label htmlFor={`${id}-redirect`}>{label}</label>
      </div>
      {redirect ? (
        <div className="s-field">
          <label className="s-field__label" htmlFor={`${id}-target`}>
            Куда
          </label>
          <select id={`${id}-target`} className="s-input s-select" value={target} onChange={(e) => onTarget(e.target.value)}>
            {choices.map((path) => (
              <option key={path} value={path}>
                {name(path)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
