/** The studio's form and page primitives: the content editor builds on these. */
export { Button, type ButtonProps } from "./button.tsx";
export { DayField } from "./day-field.tsx";
export { EmptyState } from "./empty-state.tsx";
export { Field, type FieldProps, SelectField, TextField } from "./field.tsx";
export { useFocusFirstError } from "./focus.ts";
export { Notice, NoticeArea } from "./notice.tsx";
export { Page } from "./page.tsx";
export { Cell, type HeadCell, Table } from "./table.tsx";
