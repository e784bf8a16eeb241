import TouchCore

/// The pointer-location HUD on screen: a crosshair through each finger across the output,
/// each contact's path through the current gesture (until the next gesture's first down),
/// and lines of text at the top left with the contact counts and the primary contact's
/// measures. Text is rewritten, and measured, only when it changes.
extension TouchVisualizer {
    func appendHUD(in bounds: Rect) {
        guard style.hud.isEnabled, !bounds.isNull else { return }
        let hud = style.hud
        for (index, contact) in pointerLocation.contacts.enumerated() {
            let owner = Owner.hud + index
            let color = style.color(forSlot: contact.colorSlot)
            let pathColor = color.withOpacity(hud.pathOpacity)
            pointerLocation.forEachPathSegment(of: index) { slot, from, to in
                items.append(DrawItem(identity: .init(owner: owner, part: 2 + slot), center: from,
                                      shape: .line(to: to, width: hud.pathWidth), color: pathColor, persists: true))
            }
            guard contact.isDown else { continue }
            let p = contact.position, crosshair = color.withOpacity(hud.crosshairOpacity)
            items.append(DrawItem(identity: .init(owner: owner, part: 0), center: Point(x: bounds.minX, y: p.y),
                                  shape: .line(to: Point(x: bounds.maxX, y: p.y), width: hud.crosshairWidth), color: crosshair))
            items.append(DrawItem(identity: .init(owner: owner, part: 1), center: Point(x: p.x, y: bounds.minY),
                                  shape: .line(to: Point(x: p.x, y: bounds.maxY), width: hud.crosshairWidth), color: crosshair))
        }
        writeHUDText()
        var top = bounds.minY + hud.margin
        for (index, line) in hudLines.enumerated() where !line.isEmpty {
            let center = Point(x: bounds.minX + hud.margin + line.width / 2, y: top + line.height / 2)
            items.append(DrawItem(identity: .init(owner: Owner.hud + Owner.hudText, part: index), center: center,
                                  shape: .text(line), color: style.captions.color))
            top += line.height + 2
        }
    }

    /// The HUD's lines: counts; the primary contact's position, travel since down, velocity;
    /// its pressure and size when reported. Empty lines are not shown.
    private func writeHUDText() {
        guard let measurer = textMeasurer else { return }
        var line = TextLine(size: style.hud.textSize, outlineWidth: style.captions.outlineWidth)
        for index in 0..<hudLines.count {
            line.removeAll()
            writeHUDLine(index, into: &line)
            let old = hudLines[index]
            if line.hasSameText(as: old), line.size == old.size, line.outlineWidth == old.outlineWidth { continue }
            if !line.isEmpty { measurer.measure(&line) }
            hudLines[index] = line
        }
    }

    private func writeHUDLine(_ index: Int, into line: inout TextLine) {
        let location = pointerLocation
        if index == 0 {
            line.append(utf8: "contacts ".utf8)
            line.append(number: Double(location.downCount), decimals: 0)
            line.append(utf8: " · max ".utf8)
            line.append(number: Double(location.maximumDown), decimals: 0)
            return
        }
        guard let primary = location.primary else { return }
        switch index {
        case 1:
            line.append(utf8: "X ".utf8)
            line.append(number: primary.position.x, decimals: 1)
            line.append(utf8: "  Y ".utf8)
            line.append(number: primary.position.y, decimals: 1)
        case 2:
            line.append(utf8: "ΔX ".utf8)
            line.append(number: primary.position.x - primary.down.x, decimals: 1, sign: true)
            line.append(utf8: "  ΔY ".utf8)
            line.append(number: primary.position.y - primary.down.y, decimals: 1, sign: true)
        case 3:
            let v = location.velocity(of: primary)
            line.append(utf8: "Vx ".utf8)
            line.append(number: v.x, decimals: 0, sign: true)
            line.append(utf8: "  Vy ".utf8)
            line.append(number: v.y, decimals: 0, sign: true)
            line.append(utf8: " px/s".utf8)
        default:
            if let pressure = primary.pressure {
                line.append(utf8: "pressure ".utf8)
                line.append(number: pressure * 100, decimals: 0)
                line.append(utf8: "%".utf8)
            }
            if let shape = primary.shape, shape.major > 0 {
                if !line.isEmpty { line.append(utf8: "  ".utf8) }
                line.append(utf8: "size ".utf8)
                line.append(number: 2 * shape.major, decimals: 0)
                line.append(utf8: " × ".utf8)
                line.append(number: 2 * shape.minor, decimals: 0)
            }
        }
    }
}
