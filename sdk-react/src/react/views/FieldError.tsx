/**
 * A field's error, shown under it and read out when it appears; `id` ties it to the field
 * (`aria-describedby`). Nothing when there is no error.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id} role="alert">
      {error}
    </p>
  ) : null
}
