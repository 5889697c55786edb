package dev.skills.sources.test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.jspecify.annotations.Nullable;

/**
 * Files over HTTP on loopback, as a site publishes a skill index: each path answers its
 * bytes with an {@code ETag} (their digest) and a {@code 304} to a matching
 * {@code If-None-Match}. Every request is recorded with its conditional header.
 */
public final class IndexHttpServer implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(4);

	private final Map<String, byte[]> files = new ConcurrentHashMap<>();

	private final List<Request> requests = new CopyOnWriteArrayList<>();

	private final CountDownLatch closed = new CountDownLatch(1);

	private volatile boolean silent;

	private final Map<String, String> redirects = new ConcurrentHashMap<>();

	private final Map<String, Long> generated = new ConcurrentHashMap<>();

	private final String address;

	private volatile boolean lastModifiedOnly;

	private volatile boolean challenge;

	private volatile @Nullable String slowPrefix;

	private volatile long slowMillis;

	/**
	 * Start the server on {@code 127.0.0.1}.
	 * @throws IOException when it cannot start
	 */
	public IndexHttpServer() throws IOException {
		this("127.0.0.1");
	}

	/**
	 * Start the server on a loopback address: {@code 127.0.0.2} is another host.
	 * @param address the address
	 * @throws IOException when it cannot start
	 */
	public IndexHttpServer(String address) throws IOException {
		this.address = address;
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 0);
		this.server.createContext("/", this::handle);
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	/**
	 * The URL of a path.
	 * @param path the path, starting with {@code /}
	 * @return its http URL
	 */
	public String url(String path) {
		return "http://" + this.address + ":" + this.server.getAddress().getPort() + path;
	}

	/**
	 * Answer a path with a redirect.
	 * @param path the path
	 * @param location the {@code Location} answered
	 */
	public void redirect(String path, String location) {
		this.redirects.put(path, location);
	}

	/**
	 * Serve a large body at a path, generated as it is sent: zeros, then a last byte.
	 * @param path the path
	 * @param size its bytes
	 */
	public void putGenerated(String path, long size) {
		this.generated.put(path, size);
	}

	/**
	 * From now on, answer every request without credentials with {@code 401} and a basic
	 * challenge, as a host fishing for credentials would.
	 */
	public void challenge() {
		this.challenge = true;
	}

	/**
	 * From now on, answer every path under a prefix only after a pause.
	 * @param prefix the paths' prefix
	 * @param pause how long each waits
	 */
	public void slowDown(String prefix, java.time.Duration pause) {
		this.slowMillis = pause.toMillis();
		this.slowPrefix = prefix;
	}

	/**
	 * Every request so far.
	 * @return the requests, in order
	 */
	public List<Request> requests() {
		return List.copyOf(this.requests);
	}

	/**
	 * Serve bytes at a path, replacing what was there.
	 * @param path the path
	 * @param bytes the bytes
	 * @return the bytes' SHA-256 as lower-case hex
	 */
	public String put(String path, byte[] bytes) {
		this.files.put(path, bytes);
		return sha256(bytes);
	}

	/**
	 * Serve text at a path.
	 * @param path the path
	 * @param text the text, as UTF-8
	 * @return the SHA-256 of its bytes as lower-case hex
	 */
	public String put(String path, String text) {
		return put(path, text.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * From now on, validate with {@code Last-Modified} (one fixed date per content) and
	 * {@code If-Modified-Since} instead of an {@code ETag}.
	 */
	public void useLastModifiedOnly() {
		this.lastModifiedOnly = true;
	}

	/**
	 * From now on, accept every request and never answer it, until {@link #close()}.
	 */
	public void stopAnswering() {
		this.silent = true;
	}

	/**
	 * The requests of one path so far.
	 * @param path the path
	 * @return its requests, in order
	 */
	public List<Request> requests(String path) {
		List<Request> of = new ArrayList<>();
		this.requests.stream().filter((request) -> request.path().equals(path)).forEach(of::add);
		return of;
	}

	@Override
	public void close() {
		this.closed.countDown();
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	/**
	 * The SHA-256 of bytes, as an index names it.
	 * @param bytes the bytes
	 * @return lower-case hex
	 */
	public static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			if (this.silent) {
				try {
					this.closed.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return;
			}
			String path = exchange.getRequestURI().getPath();
			String slow = this.slowPrefix;
			if (slow != null && path.startsWith(slow) && pausedUntilClosed()) {
				return;
			}
			String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
			String ifModifiedSince = exchange.getRequestHeaders().getFirst("If-Modified-Since");
			String authorization = exchange.getRequestHeaders().getFirst("Authorization");
			if (this.challenge && authorization == null) {
				this.requests.add(new Request(path, ifNoneMatch, ifModifiedSince, null, 401));
				exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"files\"");
				exchange.sendResponseHeaders(401, -1);
				return;
			}
			String location = this.redirects.get(path);
			if (location != null) {
				this.requests.add(new Request(path, ifNoneMatch, ifModifiedSince, authorization, 302));
				exchange.getResponseHeaders().add("Location", location);
				exchange.sendResponseHeaders(302, -1);
				return;
			}
			Long size = this.generated.get(path);
			if (size != null) {
				this.requests.add(new Request(path, ifNoneMatch, ifModifiedSince, authorization, 200));
				sendGenerated(exchange, size);
				return;
			}
			byte[] bytes = this.files.get(path);
			if (bytes == null) {
				this.requests.add(new Request(path, ifNoneMatch, ifModifiedSince, authorization, 404));
				exchange.sendResponseHeaders(404, -1);
				return;
			}
			boolean unchanged;
			if (this.lastModifiedOnly) {
				String lastModified = DateTimeFormatter.RFC_1123_DATE_TIME
					.format(Instant.ofEpochSecond(Math.floorMod(sha256(bytes).hashCode(), 1_000_000_000L))
						.atOffset(ZoneOffset.UTC));
				exchange.getResponseHeaders().add("Last-Modified", lastModified);
				unchanged = lastModified.equals(ifModifiedSince);
			}
			else {
				String etag = "\"" + sha256(bytes).substring(0, 16) + "\"";
				exchange.getResponseHeaders().add("ETag", etag);
				unchanged = etag.equals(ifNoneMatch);
			}
			int status = unchanged ? 304 : 200;
			this.requests.add(new Request(path, ifNoneMatch, ifModifiedSince, authorization, status));
			if (status == 304) {
				exchange.sendResponseHeaders(304, -1);
				return;
			}
			exchange.sendResponseHeaders(200, bytes.length);
			exchange.getResponseBody().write(bytes);
		}
	}

	// Whether the server closed during the pause.
	private boolean pausedUntilClosed() {
		try {
			return this.closed.await(this.slowMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return true;
		}
	}

	private static void sendGenerated(HttpExchange exchange, long size) throws IOException {
		exchange.sendResponseHeaders(200, size);
		byte[] zeros = new byte[64 * 1024];
		try (OutputStream out = exchange.getResponseBody()) {
			for (long left = size - 1; left > 0; left -= zeros.length) {
				out.write(zeros, 0, (int) Math.min(zeros.length, left));
			}
			out.write(1);
		}
		catch (IOException ex) {
			// The client stopped reading: what the test wants to see.
		}
	}

	/**
	 * The SHA-256 of a body {@link #putGenerated} serves.
	 * @param size its bytes
	 * @return lower-case hex
	 */
	public static String generatedSha256(long size) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			byte[] zeros = new byte[64 * 1024];
			for (long left = size - 1; left > 0; left -= zeros.length) {
				digest.update(zeros, 0, (int) Math.min(zeros.length, left));
			}
			digest.update((byte) 1);
			return HexFormat.of().formatHex(digest.digest());
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * One request the server saw.
	 *
	 * @param path its path
	 * @param ifNoneMatch its {@code If-None-Match} header, or {@code null}
	 * @param ifModifiedSince its {@code If-Modified-Since} header, or {@code null}
	 * @param authorization its {@code Authorization} header, or {@code null}
	 * @param status the status answered
	 */
	public record Request(String path, @Nullable String ifNoneMatch, @Nullable String ifModifiedSince,
			@Nullable String authorization, int status) {
	}

}
