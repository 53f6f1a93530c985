#!/usr/bin/env python3
"""Frames per second over `animhost view`'s WebSocket, and the viewer's CPU meanwhile.

    Benchmarks/viewer-live.py PORT PID [SECONDS] [PAGES]

Opens PAGES (default 1) WebSockets on ws://127.0.0.1:PORT/live, reads for SECONDS
(default 10), and prints the frame messages and bytes each page received per second and
the CPU seconds the viewer process PID used meanwhile (user + system, /proc/PID/stat).
Loopback only; bounded in time. Standard library only.
"""
import base64, os, select, socket, sys, time

def connect(port):
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return s

class Page:
    def __init__(self, port):
        self.sock, self.buf, self.frames, self.bytes = connect(port), bytearray(), 0, 0

    def read(self):
        data = self.sock.recv(1 << 16)
        if not data:
            raise SystemExit("the viewer closed the connection")
        self.buf += data
        while True:
            if len(self.buf) < 2: return
            n, at = self.buf[1] & 0x7F, 2
            if n == 126:
                if len(self.buf) < 4: return
                n, at = int.from_bytes(self.buf[2:4], "big"), 4
            elif n == 127:
                if len(self.buf) < 10: return
                n, at = int.from_bytes(self.buf[2:10], "big"), 10
            if len(self.buf) < at + n: return
            payload = bytes(self.buf[at:at + n]); del self.buf[:at + n]
            if payload.startswith(b'{"type":"frame"'):
                self.frames += 1; self.bytes += n

def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10
    pages = [Page(port) for _ in range(int(sys.argv[4]) if len(sys.argv) > 4 else 1)]
    time.sleep(1)   # past the scene message and the first frames
    for p in pages:
        p.frames = p.bytes = 0
    c0, t0 = cpu(pid), time.monotonic()
    while time.monotonic() - t0 < seconds:
        ready, _, _ = select.select([p.sock for p in pages], [], [], 0.5)
        for p in pages:
            if p.sock in ready: p.read()
    elapsed, used = time.monotonic() - t0, cpu(pid) - c0
    fps = sum(p.frames for p in pages) / len(pages) / elapsed
    kbs = sum(p.bytes for p in pages) / len(pages) / elapsed / 1024
    print(f"{len(pages)} page(s): {fps:.1f} frames/s per page, {kbs:.0f} KiB/s per page, "
          f"viewer CPU {used / elapsed * 100:.1f} % of a core")

main()
