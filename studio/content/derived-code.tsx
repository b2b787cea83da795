import { useContext, useEffect, useState } from "react";
import { slugFromTitle } from "#core/lib/slug.ts";
import { Button, Field } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { type FieldNode, pathKey } from "./model.ts";

/**
 * A code made from another field of its group (a team member's code from
 * the name, an anchor from a title): shown, not typed. A new item's code
 * follows the name as it is typed (core/lib/slug.ts), made unique among its
 * list by a number; an existing one stays as it is (articles and links name
 * it) until «Изменить». Another item of the list with the same code is
 * said at the field.
 */
type Props = { node: Extract<FieldNode, { kind: "text" }>; path: Array<string | number>; value: unknown };

function getIn(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let at = value;
  for (const step of path) at = typeof at === "object" && at !== null ? (at as Record<string | number, unknown>)[step] : undefined;
  return at;
}

export function DerivedCode({ node, path, value }: Props) {
  const { errors, change, values } = useContext(FormState);
  const key = pathKey(path);
  const code = typeof value === "string" ? value : "";
  const [editing, setEditing] = useState(false);
  // Only an item that came without a code (a new one) follows its name.
  const [follows, setFollows] = useState(code === "");
  const field = path[path.length - 1] as string;
  const index = path[path.length - 2];
  const list = getIn(values, path.slice(0, -2));
  const others = Array.isArray(list) ? list.filter((_, i) => i !== index).map((item) => getIn(item, [field])) : [];
  const source = getIn(values, [...path.slice(0, -1), node.derivedFrom ?? ""]);
  const made = typeof source === "string" ? slugFromTitle(source) : "";
  let unique = made;
  for (let n = 2; unique !== "" && others.includes(unique); n++) unique = `${made}-${n}`;
  useEffect(() => {
    if (follows && unique !== code) change(path, unique === "" ? undefined : unique);
  });
  const taken = code !== "" && others.includes(code) ? "Такой код уже есть у другого пункта списка: измените его" : null;
  const error = taken ?? errors[key] ?? null;
  const hint = [node.description, follows ? "Составится сам, пока вы пишете название" : null].filter(Boolean).join(". ");
  if (!editing && !error) {
    return (
      <div className="s-field">
        <span className="s-field__label">{node.title}</span>
        <p className="s-derived">
          <code>{code || "—"}</code>{" "}
          <Button variant="quiet" aria-label={`Изменить: ${node.title}`} onClick={() => setEditing(true)}>
            Изменить
          </Button>
        </p>
        {hint ? <p className="s-field__hint">{hint}</p> : null}
      </div>
    );
  }
  return (
    <Field label={node.title} name={key} hint={hint || undefined} error={error}>
      {(control) => (
        <input
          className="s-input"
          type="text"
          {...control}
          value={code}
          autoComplete="off"
          onChange={(e) => {
            setFollows(false);
            change(path, e.target.value);
          }}
        />
      )}
    </Field>
  );
}
