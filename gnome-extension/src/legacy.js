// GNOME 43–44 only (the build puts this file in that variant alone): the base class GNOME 45
// gives ES-module extensions, for the one source to extend on both.
var Extension = class Extension {
    constructor(meta) {
        this.metadata = meta.metadata ?? meta;
        this.uuid = this.metadata.uuid;
        this.path = meta.path ?? null;
    }
};
