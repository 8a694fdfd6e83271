// A short two-note chime made in the browser: no sound file to fetch. The audio context starts
// on the member's own click (turning sound on), as browsers require.
let context: AudioContext | undefined;

/** Called from the click that turns sound on, so later chimes may play. */
export function unlockSound(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    context = undefined;
  }
}

export function chime(): void {
  const running = context?.state === "running" ? context : undefined;
  if (!running) return;
  const start = running.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = running.createOscillator();
    const volume = running.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
    tone.connect(volume).connect(running.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.3);
  }
}
