// The stylesheet both GST documents carry inline: a downloaded or mailed document must print
// on A4 and read on a phone without fetching anything. It is our constant, never built from
// anything a person typed, which is why the documents may place it unescaped.

const BRAND = "#2f7d32";

export const DOCUMENT_STYLESHEET = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; padding: 24px 12px; background: #eef2ee; color: #111;
  font-family: "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  font-size: 12px; line-height: 1.4;
}
.sheet {
  max-width: 800px; margin: 0 auto; padding: 28px 32px; background: #fff;
  border-top: 5px solid ${BRAND}; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12);
}
h1, h2 { color: ${BRAND}; margin: 0; }
h1 { font-size: 22px; letter-spacing: 0.02em; text-transform: uppercase; }
h2 { font-size: 10px; letter-spacing: 0.08em; text-transform: uppercase; margin-bottom: 4px; }
p { margin: 0; }
.muted { color: #555; }
.top { display: flex; justify-content: space-between; gap: 24px; align-items: flex-start;
  padding-bottom: 14px; border-bottom: 2px solid ${BRAND}; }
.seller-name { font-size: 20px; font-weight: 700; color: ${BRAND}; }
.seller p { margin-top: 2px; }
.doc { text-align: right; }
.copy { font-size: 10px; color: #555; text-transform: uppercase; letter-spacing: 0.06em; margin-top: 2px; }
.notice { margin-top: 12px; padding: 8px 12px; border: 1px solid #d9a400; border-left-width: 4px;
  border-radius: 4px; background: #fff8e1; color: #3d2f00; font-weight: 600; }
.against { margin-top: 12px; padding: 8px 12px; border-left: 4px solid ${BRAND}; background: #f1f8f1; }
table { border-collapse: collapse; width: 100%; }
.meta { margin-top: 10px; width: auto; margin-left: auto; }
.meta th, .meta td { padding: 1px 0 1px 12px; text-align: right; font-size: 11.5px; }
.meta th { font-weight: 400; color: #555; }
.meta td { font-weight: 600; }
.parties { display: flex; gap: 12px; margin: 14px 0; }
.box { flex: 1; border: 1px solid #cfd8cf; border-radius: 4px; padding: 8px 10px; }
.box p + p { margin-top: 2px; }
.buyer-name { font-weight: 700; font-size: 13px; }
.pre { white-space: pre-line; overflow-wrap: anywhere; }
.kv { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; }
.kv dt { color: #555; }
.kv dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.lines { font-size: 11px; }
.lines th, .lines td { border: 1px solid #9aa79a; padding: 4px 5px; vertical-align: top; }
.lines thead th { background: #e8f2e8; color: #14301a; font-weight: 600; font-size: 10px;
  text-align: center; vertical-align: middle; }
.lines td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.lines td.c { text-align: center; }
.lines td.desc { overflow-wrap: anywhere; }
.lines .ordered { display: block; font-size: 9px; color: #555; }
.lines .delivery td { background: #fafcfa; }
.lines tfoot td { font-weight: 700; background: #f3f7f3; }
tr { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
.note { font-size: 10.5px; color: #444; margin-top: 6px; }
.bottom { display: flex; gap: 16px; margin-top: 14px; align-items: flex-start;
  break-inside: avoid; page-break-inside: avoid; }
.left { flex: 1.25; }
.left > * + * { margin-top: 10px; }
.words { border: 1px solid #cfd8cf; border-radius: 4px; padding: 8px 10px; }
.words strong { display: block; margin-top: 2px; font-size: 12.5px; }
.totals { flex: 1; font-size: 12px; }
.totals th, .totals td { padding: 4px 8px; border-bottom: 1px solid #dde5dd; }
.totals th { text-align: left; font-weight: 400; color: #333; }
.totals td { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.totals .grand th, .totals .grand td { border-top: 2px solid ${BRAND}; border-bottom: 2px solid ${BRAND};
  color: ${BRAND}; font-weight: 700; font-size: 14px; padding: 6px 8px; }
.signature { width: 240px; margin: 22px 0 0 auto; text-align: center;
  break-inside: avoid; page-break-inside: avoid; }
.signature .for { font-weight: 700; }
.signature .space { height: 44px; border-bottom: 1px solid #555; }
.signature .role { margin-top: 4px; color: #333; }
footer { margin-top: 18px; padding-top: 10px; border-top: 1px solid #cfd8cf; text-align: center;
  font-size: 10.5px; color: #444; }
footer p + p { margin-top: 2px; }
@media print {
  body { background: #fff; padding: 0; font-size: 10.5px; }
  .sheet { max-width: none; padding: 0; box-shadow: none; border-top: 0; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .lines { font-size: 9.5px; }
  .lines thead th { font-size: 8.5px; }
}
@media (max-width: 640px) {
  .sheet { padding: 16px; }
  .top, .parties, .bottom { flex-direction: column; }
  .doc { text-align: left; }
  .meta { margin-left: 0; }
  .lines { font-size: 10px; }
  .signature { margin-left: 0; }
}
`;
