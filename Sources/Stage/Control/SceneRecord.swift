import Annotation
import TouchCore

/// The trace's `set` records that are not commands: what a recording keeps of the scene as it
/// changes, which no ctl word gives. One vocabulary beside `ControlCommand`, each record defined
/// here once: its name, how its value reads, and what it does to a scene.
package enum SceneRecord {
    /// `set pen_hover X,Y,pen|eraser` (or `off`): where a hovering pen would draw.
    case penHover(PenHover?)
    /// `set text EDIT`: an edit of the text box being typed in.
    case text(String)
    /// `set zoom SCALE,X,Y`: where two fingers moved the zoom (`on` and `off` are the zoom
    /// command's records); read against each target's size.
    case zoomView(String)
    /// `set spotlight_at X,Y`: where the pointer leads the spotlight.
    case spotlightHover(Point)

    /// The record a `set NAME VALUE` line stands for; nil when NAME is none of these (a
    /// command's record, or unknown). Throws why its value does not read.
    package init?(_ setting: TouchTrace.Setting) throws(Refusal) {
        switch setting.name {
        case PenHover.settingName:
            do { self = .penHover(try PenHover.parse(settingValue: setting.value)) } catch { throw Refusal(description: error.description) }
        case TextBox.settingName:
            self = .text(setting.value)
        case ZoomView.settingName where ControlCommand.Switch(rawValue: setting.value) == nil:
            self = .zoomView(setting.value)
        case Spotlight.hoverSettingName:
            guard let point = Spotlight.parseHover(setting.value) else { throw Refusal(description: "expected X,Y, not '\(setting.value)'") }
            self = .spotlightHover(point)
        default:
            return nil
        }
    }

    /// Why a record's value was not taken.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    /// Carries it out on `targets`; why not, or nil.
    @MainActor
    package func apply(to targets: [AnnotationTarget]) -> String? {
        switch self {
        case .penHover(let hover):
            for target in targets where target.scene.ink.penHover != hover {
                target.scene.ink.penHover = hover
                target.sceneChanged(everything: false)
            }
        case .text(let edit):
            guard let target = targets.first(where: { $0.scene.ink.textBox != nil }) ?? targets.first else { return "no output" }
            if let problem = target.scene.ink.replayText(edit) { return problem }
            target.sceneChanged(everything: false)
        case .zoomView(let value):
            for target in targets {
                let view: ZoomView?
                do { view = try ZoomView.parse(settingValue: value, in: target.scene.size) } catch { return error.description }
                if let view { target.scene.replayZoom(view) } else { target.scene.endZoom() }
                target.sceneChanged(everything: true)
            }
        case .spotlightHover(let point):
            for target in targets where target.scene.spotlight.hover(at: point) { target.sceneChanged(everything: false) }
        }
        return nil
    }
}
