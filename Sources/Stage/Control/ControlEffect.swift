/// What is left for the program to do once the control plane has carried out a command on the
/// scene: the plane decides, the program does (`Commands` on the loop; `ControlPlane.executeAtOnce`
/// where nothing runs beside, as in tests and `render`).
package enum ControlEffect {
    /// Answer with this, now.
    case reply(ControlReply)
    /// Write these files, prepared on the loop (`save`, `save --pdf`, `save --session`), then
    /// answer with what was saved (`ControlPlane.saved`).
    case write(InkSave)
    /// Take each output's picture as the compositor shows it and write it (`screenshot`), into
    /// this file or the pictures folder, then answer.
    case screenshot(path: String?)
    /// Read the configuration file again and put it in force, then answer.
    case reload
}
