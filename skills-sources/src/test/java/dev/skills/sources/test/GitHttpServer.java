package dev.skills.sources.test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.jspecify.annotations.Nullable;

/**
 * Git's smart HTTP protocol on loopback: the JDK's HTTP server in front of
 * {@code git http-backend}, run as CGI for every request, over the bare repositories of
 * one folder. With credentials set, every request needs them (basic authentication).
 */
public final class GitHttpServer implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(4);

	private final Path root;

	private final AtomicInteger requests = new AtomicInteger();

	private final AtomicInteger fetches = new AtomicInteger();

	private volatile @Nullable String credentials;

	private volatile boolean silent;

	private volatile boolean trickle;

	private volatile @Nullable String redirectTo;

	private final CountDownLatch closed = new CountDownLatch(1);

	/**
	 * Serve the bare repositories of a folder.
	 * @param root the folder
	 * @throws IOException when the server cannot start
	 */
	public GitHttpServer(Path root) throws IOException {
		this.root = root;
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/", this::handle);
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	/**
	 * The URI of a repository of the folder.
	 * @param name the bare repository's folder name, for example {@code skills.git}
	 * @return its http URI
	 */
	public String uri(String name) {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/" + name;
	}

	/**
	 * Ask for these credentials from now on.
	 * @param username the user name
	 * @param password the password
	 */
	public void requireCredentials(String username, String password) {
		this.credentials = "Basic "
				+ Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * From now on, accept every request and never answer it, until {@link #close()}.
	 */
	public void stopAnswering() {
		this.silent = true;
	}

	/**
	 * From now on, answer every request at once and then send its body one byte a second,
	 * for ever: a slow-loris server that no read timeout catches.
	 */
	public void trickle() {
		this.trickle = true;
	}

	/**
	 * From now on, redirect every request to the same path and query under another base.
	 * @param base for example {@code http://127.0.0.2:8080}
	 */
	public void redirectTo(String base) {
		this.redirectTo = base;
	}

	/**
	 * The requests answered so far.
	 * @return the count
	 */
	public int requests() {
		return this.requests.get();
	}

	/**
	 * The requests so far that asked for objects (a {@code want} line): fetches, not
	 * advertisements.
	 * @return the count
	 */
	public int fetches() {
		return this.fetches.get();
	}

	@Override
	public void close() {
		this.closed.countDown();
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			if (this.silent) {
				awaitClose();
				return;
			}
			this.requests.incrementAndGet();
			String base = this.redirectTo;
			if (base != null) {
				exchange.getResponseHeaders().add("Location", base + exchange.getRequestURI());
				exchange.sendResponseHeaders(302, -1);
				return;
			}
			if (this.trickle) {
				trickle(exchange);
				return;
			}
			String expected = this.credentials;
			if (expected != null && !expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
				exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"git\"");
				exchange.sendResponseHeaders(401, -1);
				return;
			}
			byte[] body = exchange.getRequestBody().readAllBytes();
			if (asksForObjects(exchange, body)) {
				this.fetches.incrementAndGet();
			}
			ProcessBuilder cgi = new ProcessBuilder("git", "http-backend");
			Map<String, String> env = cgi.environment();
			env.put("GIT_PROJECT_ROOT", this.root.toString());
			env.put("GIT_HTTP_EXPORT_ALL", "1");
			env.put("PATH_INFO", exchange.getRequestURI().getPath());
			env.put("REQUEST_METHOD", exchange.getRequestMethod());
			env.put("QUERY_STRING",
					(exchange.getRequestURI().getRawQuery() != null) ? exchange.getRequestURI().getRawQuery() : "");
			env.put("CONTENT_LENGTH", String.valueOf(body.length));
			env.put("REMOTE_ADDR", "127.0.0.1");
			putHeader(exchange, env, "Content-Type", "CONTENT_TYPE");
			putHeader(exchange, env, "Content-Encoding", "HTTP_CONTENT_ENCODING");
			putHeader(exchange, env, "Git-Protocol", "GIT_PROTOCOL");
			cgi.redirectError(ProcessBuilder.Redirect.DISCARD);
			Process process = cgi.start();
			try (OutputStream in = process.getOutputStream()) {
				in.write(body);
			}
			byte[] out;
			try (InputStream stdout = process.getInputStream()) {
				out = stdout.readAllBytes();
			}
			respond(exchange, out);
		}
	}

	// JGit compresses the bodies it posts.
	private static boolean asksForObjects(HttpExchange exchange, byte[] body) throws IOException {
		byte[] plain = body;
		if ("gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
			try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
				plain = in.readAllBytes();
			}
		}
		return new String(plain, StandardCharsets.ISO_8859_1).contains("want ");
	}

	private void trickle(HttpExchange exchange) throws IOException {
		exchange.getResponseHeaders().add("Content-Type", "application/x-git-upload-pack-advertisement");
		exchange.sendResponseHeaders(200, 0);
		OutputStream out = exchange.getResponseBody();
		try {
			while (!this.closed.await(1, TimeUnit.SECONDS)) {
				out.write('0');
				out.flush();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (IOException ex) {
			// The client hung up.
		}
	}

	private void awaitClose() {
		try {
			this.closed.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void putHeader(HttpExchange exchange, Map<String, String> env, String header, String variable) {
		String value = exchange.getRequestHeaders().getFirst(header);
		if (value != null) {
			env.put(variable, value);
		}
	}

	// CGI output: header lines, a blank line, the body; "Status:" sets the status code.
	private static void respond(HttpExchange exchange, byte[] out) throws IOException {
		int end = 0;
		int bodyStart = -1;
		int status = 200;
		while (end < out.length) {
			int lineEnd = end;
			while (lineEnd < out.length && out[lineEnd] != '\n') {
				lineEnd++;
			}
			String line = new String(out, end, lineEnd - end, StandardCharsets.ISO_8859_1).replace("\r", "");
			end = lineEnd + 1;
			if (line.isEmpty()) {
				bodyStart = end;
				break;
			}
			int colon = line.indexOf(':');
			String name = line.substring(0, colon).trim();
			String value = line.substring(colon + 1).trim();
			if (name.equalsIgnoreCase("Status")) {
				status = Integer.parseInt(value.substring(0, 3));
			}
			else {
				exchange.getResponseHeaders().add(name, value);
			}
		}
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		if (bodyStart >= 0 && bodyStart <= out.length) {
			body.write(out, bodyStart, out.length - bodyStart);
		}
		exchange.sendResponseHeaders(status, (body.size() > 0) ? body.size() : -1);
		if (body.size() > 0) {
			exchange.getResponseBody().write(body.toByteArray());
		}
	}

}
