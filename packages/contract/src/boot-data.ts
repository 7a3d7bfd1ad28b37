// The data block the server writes into index.html for the web app's first screen (ADR 018): a
// <script type="application/json"> with this id, holding { config, settings? } (the settings encoded
// as the API answers the web app). Written by apps/server/src/http/boot-data.ts, read by
// apps/web/src/lib/boot-data.ts.
export const BOOT_DATA_ID = 'boot-data';
