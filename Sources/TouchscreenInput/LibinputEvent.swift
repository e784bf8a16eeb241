/// A libinput event, as the touch source sees it (and as libinput-shaped traces record it).
/// Positions are libinput's transformed coordinates normalized to 0…1 over the panel.
public enum LibinputEvent: Equatable, Sendable {
    case deviceAdded(device: Int, name: String, properties: [String: String])
    case deviceRemoved(device: Int)
    case touchDown(device: Int, slot: Int, x: Double, y: Double, time: Double)
    case touchMotion(device: Int, slot: Int, x: Double, y: Double, time: Double)
    case touchUp(device: Int, slot: Int, time: Double)
    case touchCancel(device: Int, slot: Int, time: Double)
    case touchFrame(device: Int, time: Double)
}
