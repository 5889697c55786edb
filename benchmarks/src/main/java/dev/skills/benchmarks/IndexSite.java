package dev.skills.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A published index of many skills on loopback for the index benchmarks: each skill one
 * {@code SKILL.md} of a chosen size, generated as it is sent, the index answered with an
 * {@code ETag} and {@code 304} to a matching {@code If-None-Match}, as a site would.
 */
final class IndexSite implements AutoCloseable {

	static {
		// Small answers without Nagle's delay, as a site's server sends them: with it,
		// each
		// request of a checkout waits for the client's delayed acknowledgement.
		System.setProperty("sun.net.httpserver.nodelay", "true");
	}

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(4);

	private final int size;

	private final byte[] index;

	private final String etag;

	/**
	 * Serve an index.
	 * @param skills how many skills it lists
	 * @param size the bytes of each skill's {@code SKILL.md}
	 */
	IndexSite(int skills, int size) {
		this.size = size;
		StringBuilder index = new StringBuilder("{\"version\": \"0.2.0\", \"skills\": [");
		for (int i = 0; i < skills; i++) {
			index.append((i > 0) ? ",\n" : "\n")
				.append("{\"name\": \"skill-")
				.append(i)
				.append("\", \"type\": \"skill-md\", \"url\": \"/s/skill-")
				.append(i)
				.append("/SKILL.md\", \"digest\": \"sha256:")
				.append(HexFormat.of().formatHex(sha256().digest(skillMd(i))))
				.append("\"}");
		}
		this.index = index.append("]}").toString().getBytes(StandardCharsets.UTF_8);
		this.etag = "\"" + HexFormat.of().formatHex(sha256().digest(this.index), 0, 8) + "\"";
		try {
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/", this::handle);
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	/**
	 * The index's URL.
	 * @return an http URL on loopback
	 */
	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/index.json";
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	// Skill i: its frontmatter, then steps up to the size.
	private byte[] skillMd(int i) {
		byte[] head = ("---\nname: skill-" + i + "\ndescription: Skill " + i + " of the benchmark index.\n---\n")
			.getBytes(StandardCharsets.UTF_8);
		byte[] bytes = new byte[Math.max(this.size, head.length)];
		System.arraycopy(head, 0, bytes, 0, head.length);
		for (int at = head.length; at < bytes.length; at++) {
			bytes[at] = (byte) "Step.\n".charAt((at - head.length) % 6);
		}
		return bytes;
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange; OutputStream out = exchange.getResponseBody()) {
			String path = exchange.getRequestURI().getPath();
			if (path.equals("/index.json")) {
				exchange.getResponseHeaders().add("ETag", this.etag);
				if (this.etag.equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
					exchange.sendResponseHeaders(304, -1);
					return;
				}
				exchange.sendResponseHeaders(200, this.index.length);
				out.write(this.index);
				return;
			}
			if (!path.startsWith("/s/skill-") || !path.endsWith("/SKILL.md")) {
				exchange.sendResponseHeaders(404, -1);
				return;
			}
			byte[] bytes = skillMd(Integer.parseInt(path.substring("/s/skill-".length(), path.lastIndexOf('/'))));
			exchange.sendResponseHeaders(200, bytes.length);
			out.write(bytes);
		}
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
