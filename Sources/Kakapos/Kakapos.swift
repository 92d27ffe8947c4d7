// Kakapos's API speaks in Harbeth's frame types (`VideoFrame`, `FrameFormat`,
// `RenderSubmissionHandle`), so importing Kakapos brings them along.
@_exported import Harbeth
