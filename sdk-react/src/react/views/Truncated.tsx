import { splitForTruncation, type TruncationKind } from '../../core/format/truncate'

export type TruncatedProps = {
  text: string
  /** A name keeps its last characters, an email its domain. */
  kind: TruncationKind
  className?: string | undefined
  testId?: string | undefined
}

/**
 * A name or an email cut in the middle where its box is too narrow: the head ends in an ellipsis,
 * the tail (a name's last characters, an email's domain) stays. The whole text shows on hover
 * (`title`) and is what screen readers read and `textContent` holds: the two visible parts are
 * drawn by CSS from `data-head` and `data-tail` with an empty alternative text (two elements
 * would read as two words).
 */
export function Truncated({ text, kind, className, testId }: TruncatedProps) {
  const { head, tail } = splitForTruncation({ text, kind })
  return (
    <span
      className={className ? `truncated ${className}` : 'truncated'}
      title={text}
      data-head={head}
      data-tail={tail}
      data-testid={testId}
    >
      <span className="sr">{text}</span>
    </span>
  )
}
