package dev.skills.boot.outage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder on 127.0.0.1 in front of a real server, which a test can take down
 * (refusing connections and cutting those open, as a stopped database does) and bring
 * back on the same port.
 */
final class TcpProxy implements AutoCloseable {

	private final String targetHost;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private volatile ServerSocket server;

	private int port;

	TcpProxy(String targetHost, int targetPort) {
		this.targetHost = targetHost;
		this.targetPort = targetPort;
	}

	int port() {
		return this.port;
	}

	synchronized void up() {
		try {
			ServerSocket socket = new ServerSocket();
			socket.setReuseAddress(true);
			socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port));
			this.port = socket.getLocalPort();
			this.server = socket;
			Thread accept = new Thread(() -> accept(socket), "tcp-proxy-accept");
			accept.setDaemon(true);
			accept.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	synchronized void down() {
		closeQuietly(this.server);
		this.sockets.forEach(TcpProxy::closeQuietly);
		this.sockets.clear();
	}

	@Override
	public void close() {
		down();
	}

	private void accept(ServerSocket socket) {
		while (!socket.isClosed()) {
			try {
				Socket client = socket.accept();
				Socket target = new Socket(this.targetHost, this.targetPort);
				this.sockets.add(client);
				this.sockets.add(target);
				pump(client, target);
				pump(target, client);
			}
			catch (IOException ex) {
				// Closed by down(), or the target refused: the client sees its socket
				// close.
			}
		}
	}

	private void pump(Socket from, Socket to) {
		Thread thread = new Thread(() -> {
			byte[] buffer = new byte[8192];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// Cut by down().
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}, "tcp-proxy-pump");
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(java.io.Closeable closeable) {
		try {
			if (closeable != null) {
				closeable.close();
			}
		}
		catch (IOException ex) {
			// Closing is all that is wanted.
		}
	}

}
