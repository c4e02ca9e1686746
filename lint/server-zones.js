// The server's import zones: which folder of apps/server/src may import which.

export const serverZones = [];
