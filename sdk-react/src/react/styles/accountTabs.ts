import { VIEW_TRANSITION_MS } from '../../core/constants'

/** Styles of the Account view's tabs and their NFTs and Activity panels. */
export const accountTabsCss = /* css */ `
.account-tabs { display: flex; flex-direction: column; gap: 8px; }
.tablist {
  display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; padding: 4px;
  border-radius: calc(var(--r) * 4); background: var(--s-1);
}
.tab {
  height: 36px; border-radius: calc(var(--r) * 3); color: var(--fg-2); font-weight: 500;
  transition: background-color ${VIEW_TRANSITION_MS}ms, color ${VIEW_TRANSITION_MS}ms;
}
.tab:hover { color: var(--fg); }
.tab[aria-selected='true'] { background: var(--s-3); color: var(--fg); box-shadow: 0 1px 2px rgba(0, 0, 0, 0.12); }
/* The panel scrolls on its own, so a long Activity list keeps the header and buttons in reach. */
.tabpanel {
  max-height: 340px; overflow-y: auto; overscroll-behavior: contain; scrollbar-width: thin;
  margin: 0 -4px; padding: 0 4px; border-radius: calc(var(--r) * 4);
}
.tabpanel:focus-visible { outline-offset: -2px; }
.tab-loading, .activity-loading, .activity-empty {
  display: flex; align-items: center; justify-content: center; gap: 8px; min-height: 64px; margin: 0;
  color: var(--fg-2); text-align: center;
}
.activity { display: flex; flex-direction: column; gap: 4px; }
.activity-year-title { margin: 6px 0 0; font-size: calc(var(--fs) * 1.6); font-weight: 600; color: var(--fg); }
.activity-month-title {
  margin: 6px 0 4px; font-size: calc(var(--fs) * 1.2); font-weight: 600; letter-spacing: 0.04em;
  text-transform: uppercase; color: var(--fg-2);
}
.tx-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.tx {
  display: flex; align-items: center; gap: 12px; padding: 10px 12px;
  border-radius: calc(var(--r) * 4); background: var(--s-1);
}
.tx-icon {
  position: relative; flex: none; width: 40px; height: 40px; display: grid; place-items: center;
  border-radius: 50%; background: var(--s-2); color: var(--fg-2);
}
.tx-icon img { width: 40px; height: 40px; border-radius: 50%; object-fit: cover; }
.tx-icon[data-operation='receive'], .tx-icon[data-operation='mint'] { color: var(--success); }
.tx-badge {
  position: absolute; right: -3px; bottom: -3px; display: grid; place-items: center; width: 20px; height: 20px;
  border-radius: 50%; background: var(--bg); box-shadow: 0 0 0 2px var(--bg);
}
.tx-badge svg { width: 12px; height: 12px; }
.tx-text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 1px; }
.tx-line { display: flex; align-items: baseline; gap: 6px; min-width: 0; }
.tx-title { flex: none; font-weight: 600; color: var(--fg); }
.tx-party {
  flex: 1; min-width: 0; font-size: calc(var(--fs) * 1.2); color: var(--fg-2);
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.tx-time { flex: none; margin-left: auto; font-size: calc(var(--fs) * 1.2); color: var(--fg-2); font-variant-numeric: tabular-nums; }
.tx-desc {
  font-size: calc(var(--fs) * 1.3); font-weight: 500; color: var(--fg-2); font-variant-numeric: tabular-nums;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.activity-failed { align-items: center; text-align: center; }
.activity-hidden {
  display: flex; align-items: center; justify-content: space-between; gap: 8px; margin: 0 0 4px;
  font-size: calc(var(--fs) * 1.2); color: var(--fg-2);
}
.activity-hidden .btn[aria-pressed='true'] { background: var(--s-3); }
.tx[data-hidden] { opacity: 0.7; }
.tx-flags { display: flex; gap: 4px; }
.nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
.nft-card {
  display: flex; flex-direction: column; gap: 2px; padding: 6px 6px 8px; min-width: 0;
  border-radius: calc(var(--r) * 4); background: var(--s-1);
}
.nft-image {
  width: 100%; aspect-ratio: 1; border-radius: calc(var(--r) * 3); object-fit: cover; background: var(--s-2);
  margin-bottom: 4px;
}
.nft-placeholder { display: grid; place-items: center; color: #fff; font-size: calc(var(--fs) * 2.4); font-weight: 600; }
.nft-name, .nft-id { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: calc(var(--fs) * 1.2); }
.nft-name { font-weight: 500; color: var(--fg); }
.nft-id { color: var(--fg-2); font-variant-numeric: tabular-nums; }
`
