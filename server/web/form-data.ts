/**
 * The Fetch standard's FormData, as `request.formData()` hands it to the forms'
 * actions (decision 036): names with a string or a File each, in order.
 */
type Value = string | File;

function entryValue(value: string | Blob, filename?: string): Value {
  if (typeof value !== "object") return String(value);
  if (value instanceof File && filename === undefined) return value;
  return new File([value], filename ?? (value instanceof File ? value.name : "blob"), { type: value.type });
}

export class SiteFormData implements FormData {
  readonly #entries: Array<[string, Value]> = [];

  append(name: string, value: string | Blob, filename?: string): void {
    this.#entries.push([String(name), entryValue(value, filename)]);
  }

  set(name: string, value: string | Blob, filename?: string): void {
    const key = String(name);
    const entry: [string, Value] = [key, entryValue(value, filename)];
    const first = this.#entries.findIndex(([n]) => n === key);
    if (first === -1) {
      this.#entries.push(entry);
      return;
    }
    this.#entries[first] = entry;
    for (let i = this.#entries.length - 1; i > first; i--) if (this.#entries[i]?.[0] === key) this.#entries.splice(i, 1);
  }

  delete(name: string): void {
    const key = String(name);
    for (let i = this.#entries.length - 1; i >= 0; i--) if (this.#entries[i]?.[0] === key) this.#entries.splice(i, 1);
  }

  get(name: string): FormDataEntryValue | null {
    const key = String(name);
    return this.#entries.find(([n]) => n === key)?.[1] ?? null;
  }

  getAll(name: string): FormDataEntryValue[] {
    const key = String(name);
    return this.#entries.filter(([n]) => n === key).map(([, value]) => value);
  }

  has(name: string): boolean {
    const key = String(name);
    return this.#entries.some(([n]) => n === key);
  }

  forEach(callback: (value: FormDataEntryValue, key: string, parent: FormData) => void, thisArg?: unknown): void {
    for (const [name, value] of [...this.#entries]) callback.call(thisArg, value, name, this);
  }

  *entries(): FormDataIterator<[string, FormDataEntryValue]> {
    for (const [name, value] of [...this.#entries]) yield [name, value];
  }

  *keys(): FormDataIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): FormDataIterator<FormDataEntryValue> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): FormDataIterator<[string, FormDataEntryValue]> {
    return this.entries();
  }

  get [Symbol.toStringTag]() {
    return "FormData";
  }
}
