"""A TCP proxy on loopback that passes traffic to a mail server, stalls, or cuts the line mid-transfer.

    proxy = FaultProxy(servers.imap_port).start()     # proxy.port goes in the campaign's settings
    proxy.stall()          new connections are accepted and then hear nothing, ever
    proxy.cut("down", n)   new connections are closed after n bytes from the server to the client
    proxy.cut("up", n)     ... or after n bytes from the client to the server
    proxy.passing()        new connections are passed through untouched
    proxy.stop()

Faults apply to connections opened after they are set. Each connection runs in
two threads, one per direction; closing either side closes both.
"""
from __future__ import annotations

import socket
import threading

HOST = "127.0.0.1"


class FaultProxy:
    def __init__(self, target_port: int, target_host: str = HOST):
        self.target = (target_host, target_port)
        self.mode: tuple = ("pass",)
        self.port: int | None = None
        self._listener: socket.socket | None = None
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self.connections = 0

    def start(self) -> FaultProxy:
        self._listener = socket.create_server((HOST, 0))
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        with self._lock:
            for sock in self._open:
                _close(sock)
            self._open.clear()

    def passing(self) -> None:
        self.mode = ("pass",)

    def stall(self) -> None:
        self.mode = ("stall",)

    def cut(self, direction: str, after: int) -> None:
        assert direction in ("up", "down")
        self.mode = ("cut", direction, after)

    def __enter__(self) -> FaultProxy:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def _accept(self) -> None:
        while self._listener is not None:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            self.connections += 1
            mode = self.mode
            with self._lock:
                self._open.append(client)
            if mode[0] == "stall":
                continue   # kept open, never answered
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._open.append(server)
            limits = {"up": None, "down": None}
            if mode[0] == "cut":
                limits[mode[1]] = mode[2]
            threading.Thread(target=_pump, args=(client, server, limits["up"]), daemon=True).start()
            threading.Thread(target=_pump, args=(server, client, limits["down"]), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket, limit: int | None) -> None:
    passed = 0
    try:
        while True:
            data = source.recv(4096)
            if not data:
                break
            if limit is not None and passed + len(data) >= limit:
                sink.sendall(data[:max(0, limit - passed)])
                break
            sink.sendall(data)
            passed += len(data)
    except OSError:
        pass
    _close(source)
    _close(sink)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
