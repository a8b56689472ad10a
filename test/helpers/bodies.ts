/** A body of `total` bytes (64 KiB chunks of `piece`) produced on demand, counting how much the server pulled. */
export function hugeBody(total: number, piece = 'a') {
  const chunk = new TextEncoder().encode(piece.repeat(Math.ceil((64 * 1024) / piece.length)).slice(0, 64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}
