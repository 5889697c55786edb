package dev.skills.sources.http;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;

/**
 * The HTTP client of one source, on the JDK's client: each request goes only where the
 * source's {@link FetchRules} allow, carries the configured headers only on the source's
 * own origin, waits for its answer at most until the fetch's {@link Deadline}, and hands
 * back a body that streams within that deadline, each byte charged to a budget. Redirects
 * are followed only within one origin. Its threads end with {@link #close()}.
 */
public final class GuardedHttp implements AutoCloseable {

	private static final int MAX_REDIRECTS = 5;

	private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);

	private final ExecutorService executor;

	private final HttpClient client;

	private final FetchRules rules;

	/**
	 * Create the client of a source.
	 * @param rules where the source may go
	 * @param threadName the name of the client's threads
	 */
	public GuardedHttp(FetchRules rules, String threadName) {
		this.rules = rules;
		this.executor = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, threadName);
			thread.setDaemon(true);
			return thread;
		});
		HttpClient.Builder builder = HttpClient.newBuilder()
			.executor(this.executor)
			.followRedirects(HttpClient.Redirect.NEVER)
			.version(HttpClient.Version.HTTP_1_1);
		ProxySelector proxies = ProxySelector.getDefault();
		if (proxies != null) {
			builder.proxy(proxies);
		}
		this.client = builder.build();
	}

	/**
	 * Where the source may go.
	 * @return the rules
	 */
	public FetchRules rules() {
		return this.rules;
	}

	/**
	 * Get a URL, following redirects within its origin.
	 * @param url the URL, on an origin the rules allow
	 * @param headers more headers (conditional ones), besides the rules' own
	 * @param deadline when the fetch must be over
	 * @param budget what the body's bytes are charged to
	 * @return the answer, whatever its status; its body must be closed
	 * @throws IOException when the URL is not allowed, a redirect leaves the origin, or
	 * there is no answer before the deadline
	 */
	public Response get(URI url, Map<String, String> headers, Deadline deadline, FetchBudget budget)
			throws IOException {
		URI current = url;
		for (int hop = 0;; hop++) {
			HttpRequest.Builder request = HttpRequest.newBuilder(current).GET();
			this.rules.headers(current).forEach(request::header);
			headers.forEach(request::header);
			Response response = send(request.build(), deadline, budget);
			if (!REDIRECTS.contains(response.status())) {
				return response;
			}
			response.close();
			URI next = response.headers()
				.firstValue("Location")
				.map((location) -> resolve(response.url(), location))
				.orElseThrow(() -> new IOException(where(response.url()) + ": a redirect without a Location"));
			if (!Objects.equals(Origin.of(current), Origin.of(next))) {
				throw new IOException(where(current) + ": redirected to another origin; not followed");
			}
			if (hop == MAX_REDIRECTS) {
				throw new IOException(where(url) + ": more than " + MAX_REDIRECTS + " redirects");
			}
			current = next;
		}
	}

	/**
	 * Send one request as it is; a redirect is answered, not followed.
	 * @param request the request, to an origin the rules allow
	 * @param deadline when the fetch must be over
	 * @param budget what the body's bytes are charged to
	 * @return the answer; its body must be closed
	 * @throws IOException when the URL is not allowed, or there is no answer before the
	 * deadline
	 */
	public Response send(HttpRequest request, Deadline deadline, FetchBudget budget) throws IOException {
		URI url = request.uri();
		if (!this.rules.allows(url)) {
			throw new IOException(where(url) + ": refused, neither the source's origin nor an allowed host");
		}
		BodyStream body = new BodyStream(deadline, budget);
		CompletableFuture<HttpResponse<InputStream>> exchange = this.client.sendAsync(request, (info) -> body);
		try {
			HttpResponse<InputStream> response = exchange.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
			return new Response(url, response.statusCode(), response.headers(), body);
		}
		catch (TimeoutException ex) {
			exchange.cancel(true);
			body.close();
			throw deadline.passed();
		}
		catch (InterruptedException ex) {
			exchange.cancel(true);
			body.close();
			Thread.currentThread().interrupt();
			throw new InterruptedIOException(where(url) + ": interrupted");
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw new IOException(where(url) + ": " + ModelText.echo(message(cause), 300), cause);
		}
	}

	/**
	 * End the client's threads; exchanges under way fail.
	 */
	@Override
	public void close() {
		this.executor.shutdownNow();
	}

	/**
	 * A URL as messages show it: without its query, which may hold a token, and bounded.
	 * @param url the URL
	 * @return scheme, authority and path
	 */
	public static String where(URI url) {
		return ModelText.echo(url.getScheme() + "://" + url.getRawAuthority() + Objects.toString(url.getRawPath(), ""),
				300);
	}

	// The JDK's client often throws without a message (a refused connection): the first
	// cause that has one says what happened.
	private static String message(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause.getMessage() != null) {
				return (cause == failure) ? cause.getMessage()
						: failure.getClass().getSimpleName() + ": " + cause.getMessage();
			}
		}
		return ((failure instanceof ConnectException) ? "cannot connect: " : "") + failure.getClass().getSimpleName();
	}

	private static URI resolve(URI base, String location) {
		try {
			return base.resolve(location);
		}
		catch (IllegalArgumentException ex) {
			// Not a URL: no origin, so never followed.
			return URI.create("invalid:redirect");
		}
	}

	/**
	 * One answer.
	 *
	 * @param url the URL asked
	 * @param status its status
	 * @param headers its headers
	 * @param body its body, read within the deadline and the budget
	 */
	public record Response(URI url, int status, HttpHeaders headers, InputStream body) implements Closeable {

		/**
		 * Stop reading the body; the exchange is cancelled if unread bytes remain.
		 */
		@Override
		public void close() {
			try {
				this.body.close();
			}
			catch (IOException ex) {
				// A body stream's close never fails.
			}
		}

	}

}
