import type { RouterEntry } from '../../core/modal/views'

/** Props every view receives from the router. */
export type ViewProps = { entry: RouterEntry }
