import { SearchIcon, SpinnerIcon } from '../../icons/icons'

/** The All Wallets search box ("Search wallet"); a spinner shows while a search runs. */
export function SearchField({
  value,
  busy,
  onChange,
}: {
  value: string
  busy: boolean
  onChange(value: string): void
}) {
  return (
    <label className="field search-field">
      <SearchIcon />
      <input
        type="search"
        name="search"
        aria-label="Search wallet"
        placeholder="Search wallet"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {busy ? <SpinnerIcon className="spin" aria-hidden="true" /> : null}
    </label>
  )
}
