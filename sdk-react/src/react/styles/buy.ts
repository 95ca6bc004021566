/** The Buy view's own styles (it reuses the Send view's boxes, fact lines and error line). */
export const buyCss = /* css */ `
.buy-select {
  height: 36px; padding: 0 10px; border: 0; border-radius: 999px; background: var(--s-2); color: var(--fg);
  font: inherit; font-weight: 600;
}
.send-box > .buy-select { align-self: flex-start; }
.buy-providers { margin: 0; padding: 0; border: 0; display: flex; flex-direction: column; gap: 4px; }
.buy-providers .row { gap: 10px; }
.buy-providers .grow { flex: 1; }
.buy-status { display: flex; align-items: center; gap: 8px; }
`
