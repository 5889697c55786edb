package dev.skills.sources.index;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.skills.core.internal.prompt.ModelText;
import org.jspecify.annotations.Nullable;

/**
 * The HTTP side of one index source, on the JDK's client: bounded bodies, one timeout for
 * the whole exchange (headers and body), conditional requests, and the configured headers
 * and credentials sent only to the index's own origin. Its threads end with
 * {@link #close()}.
 */
final class IndexHttp implements AutoCloseable {

	private final ExecutorService executor = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "skills-index-http");
		thread.setDaemon(true);
		return thread;
	});

	private final HttpClient client;

	private final URI origin;

	private final Map<String, String> headers;

	private final Duration timeout;

	IndexHttp(IndexSourceSettings settings, Duration timeout) {
		this.client = HttpClient.newBuilder()
			.executor(this.executor)
			.connectTimeout(timeout)
			.followRedirects(HttpClient.Redirect.NORMAL)
			.build();
		this.origin = origin(settings.url());
		this.headers = headers(settings);
		this.timeout = timeout;
	}

	/**
	 * Get a URL.
	 * @param url the URL, {@code http} or {@code https}
	 * @param etag the entity tag of the copy held, for {@code If-None-Match}, or
	 * {@code null}
	 * @param lastModified the {@code Last-Modified} of the copy held, for
	 * {@code If-Modified-Since}, or {@code null}
	 * @param maxBytes the most bytes the body may hold
	 * @return the answer: {@code 200} with a body, or {@code 304}
	 * @throws IOException when there is no answer within the timeout, the body is too
	 * large, or the status is another
	 */
	Response get(URI url, @Nullable String etag, @Nullable String lastModified, long maxBytes) throws IOException {
		IndexSourceSettings.checkHttp(url);
		HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(this.timeout).GET();
		if (origin(url).equals(this.origin)) {
			this.headers.forEach(request::header);
		}
		if (etag != null) {
			request.header("If-None-Match", etag);
		}
		if (lastModified != null) {
			request.header("If-Modified-Since", lastModified);
		}
		CompletableFuture<HttpResponse<byte[]>> exchange = this.client.sendAsync(request.build(),
				(info) -> (info.statusCode() == 200) ? new BoundedBody(maxBytes)
						: BodySubscribers.replacing(new byte[0]));
		HttpResponse<byte[]> response;
		try {
			response = exchange.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			exchange.cancel(true);
			throw noAnswer(url);
		}
		catch (InterruptedException ex) {
			exchange.cancel(true);
			Thread.currentThread().interrupt();
			throw new IOException(where(url) + ": interrupted");
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			if (cause instanceof HttpTimeoutException) {
				throw noAnswer(url);
			}
			String message = (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getSimpleName();
			throw new IOException(where(url) + ": " + ModelText.echo(message, 300), cause);
		}
		int status = response.statusCode();
		if (status != 200 && status != 304) {
			throw new IOException(where(url) + ": HTTP " + status);
		}
		return new Response(status, response.body(), response.headers().firstValue("ETag").orElse(null),
				response.headers().firstValue("Last-Modified").orElse(null));
	}

	private IOException noAnswer(URI url) {
		return new IOException(where(url) + ": no answer within " + this.timeout.toMillis() + " ms");
	}

	/**
	 * End the client's threads.
	 */
	@Override
	public void close() {
		this.executor.shutdownNow();
	}

	// A URL as messages show it: without its query, which may hold a token.
	static String where(URI url) {
		return ModelText.echo(url.getScheme() + "://" + url.getRawAuthority() + Objects.toString(url.getRawPath(), ""),
				300);
	}

	private static URI origin(URI url) {
		int port = (url.getPort() != -1) ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
		return URI.create(
				url.getScheme().toLowerCase(Locale.ROOT) + "://" + url.getHost().toLowerCase(Locale.ROOT) + ":" + port);
	}

	private static Map<String, String> headers(IndexSourceSettings settings) {
		if (settings.username() == null && settings.password() == null) {
			return settings.headers();
		}
		String pair = Objects.toString(settings.username(), "") + ":" + Objects.toString(settings.password(), "");
		Map<String, String> headers = new LinkedHashMap<>(settings.headers());
		headers.put("Authorization",
				"Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
		return Map.copyOf(headers);
	}

	/**
	 * One answer.
	 *
	 * @param status {@code 200} or {@code 304}
	 * @param body the body of a {@code 200}; empty for a {@code 304}
	 * @param etag the {@code ETag} header, or {@code null}
	 * @param lastModified the {@code Last-Modified} header, or {@code null}
	 */
	record Response(int status, byte[] body, @Nullable String etag, @Nullable String lastModified) {

		boolean notModified() {
			return this.status == 304;
		}

	}

	// Collects a body up to a bound, and cancels the exchange past it.
	private static final class BoundedBody implements BodySubscriber<byte[]> {

		private final long maxBytes;

		private final ByteArrayOutputStream body = new ByteArrayOutputStream();

		private final CompletableFuture<byte[]> result = new CompletableFuture<>();

		private volatile Flow.@Nullable Subscription subscription;

		BoundedBody(long maxBytes) {
			this.maxBytes = maxBytes;
		}

		@Override
		public CompletionStage<byte[]> getBody() {
			return this.result;
		}

		@Override
		public void onSubscribe(Flow.Subscription subscription) {
			this.subscription = subscription;
			subscription.request(Long.MAX_VALUE);
		}

		@Override
		public void onNext(List<ByteBuffer> buffers) {
			if (this.result.isDone()) {
				return;
			}
			for (ByteBuffer buffer : buffers) {
				if (this.body.size() + (long) buffer.remaining() > this.maxBytes) {
					Flow.Subscription subscription = this.subscription;
					if (subscription != null) {
						subscription.cancel();
					}
					this.result
						.completeExceptionally(new IOException("the body is larger than " + this.maxBytes + " bytes"));
					return;
				}
				byte[] bytes = new byte[buffer.remaining()];
				buffer.get(bytes);
				this.body.write(bytes, 0, bytes.length);
			}
		}

		@Override
		public void onError(Throwable error) {
			this.result.completeExceptionally(error);
		}

		@Override
		public void onComplete() {
			this.result.complete(this.body.toByteArray());
		}

	}

}
