// The Quick Settings toggle: Touchlight on or off, and a switch between drawing and passing
// touches to the apps, the touch-friendly way to change modes without a keyboard.
import GObject from 'gi://GObject';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';
import * as QuickSettings from 'resource:///org/gnome/shell/ui/quickSettings.js';
import * as Compat from './compat.js';

const ICON = 'input-touchscreen-symbolic';

export const TouchlightToggle = GObject.registerClass(
class TouchlightToggle extends QuickSettings.QuickMenuToggle {
    /**
     * @param {function(boolean)} setRunning - turns Touchlight on or off
     * @param {function(string)} askMode - asks Touchlight for a mode ('draw' or 'pass')
     */
    _init(setRunning, askMode) {
        super._init({[Compat.titleProperty]: 'Touchlight', iconName: ICON, toggleMode: false});
        this.menu.setHeader(ICON, 'Touchlight', 'Shows every touch; draws over everything');
        this._draw = new PopupMenu.PopupSwitchMenuItem('Draw', false);
        this._draw.connect('toggled', (_, drawing) => askMode(drawing ? 'draw' : 'pass'));
        this.menu.addMenuItem(this._draw);
        this.connect('clicked', () => setRunning(!this.checked));
    }

    /** Shows Touchlight's state: running or not, and its mode. */
    show(running, mode) {
        this.checked = running;
        this._draw.setSensitive(running);
        this._draw.setToggleState(running && mode === 'draw');
    }
});

export const TouchlightIndicator = GObject.registerClass(
class TouchlightIndicator extends QuickSettings.SystemIndicator {
    _init(setRunning, askMode) {
        super._init();
        this.toggle = new TouchlightToggle(setRunning, askMode);
        this.quickSettingsItems.push(this.toggle);
    }

    destroy() {
        this.quickSettingsItems.forEach(item => item.destroy());
        super.destroy();
    }
});
