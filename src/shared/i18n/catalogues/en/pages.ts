// Made by `npm run messages` from the PO file beside it: edit that, not this.
/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse("{}")as Messages;