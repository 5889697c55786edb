package dev.skills.mcp.client;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

import org.springframework.util.Assert;

/**
 * The JDK HTTP client of an MCP connection whose server is not trusted: no message it
 * receives may be larger than a bound. The MCP Java SDK's HTTP transports receive each
 * answer whole (a page of {@code resources/list}, a {@code resources/read}) before
 * anything can look at its size, so a server could make the client hold any amount of
 * memory with one answer. Here a body is cut as soon as it passes the bound: a JSON
 * answer as a whole, an event stream event by event (each event is one message, and the
 * stream itself may last as long as the connection).
 */
public final class BoundedHttpClient extends HttpClient {

	private final HttpClient delegate;

	private final long maxMessageBytes;

	private BoundedHttpClient(HttpClient delegate, long maxMessageBytes) {
		this.delegate = delegate;
		this.maxMessageBytes = maxMessageBytes;
	}

	/**
	 * A builder of a client that cuts every message larger than the bound, configured as
	 * the builder it wraps was and as it is configured from now on.
	 * @param builder the builder of the client to bound, as configured so far
	 * @param maxMessageBytes the most bytes one message may have
	 * @return the builder
	 */
	public static HttpClient.Builder builder(HttpClient.Builder builder, long maxMessageBytes) {
		Assert.isTrue(maxMessageBytes > 0, "maxMessageBytes must be positive");
		return (builder instanceof Builder bounded) ? new Builder(bounded.delegate(), maxMessageBytes)
				: new Builder(builder, maxMessageBytes);
	}

	@Override
	public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
			throws IOException, InterruptedException {
		return this.delegate.send(request, bounded(handler));
	}

	@Override
	public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, BodyHandler<T> handler) {
		return this.delegate.sendAsync(request, bounded(handler));
	}

	@Override
	public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, BodyHandler<T> handler,
			PushPromiseHandler<T> pushPromiseHandler) {
		// A pushed response would not pass through the bound: none is accepted.
		return this.delegate.sendAsync(request, bounded(handler));
	}

	private <T> BodyHandler<T> bounded(BodyHandler<T> handler) {
		return (info) -> new BoundedBody<>(handler.apply(info), this.maxMessageBytes,
				info.headers()
					.firstValue("Content-Type")
					.filter((type) -> type.toLowerCase(Locale.ROOT).startsWith("text/event-stream"))
					.isPresent());
	}

	@Override
	public Optional<CookieHandler> cookieHandler() {
		return this.delegate.cookieHandler();
	}

	@Override
	public Optional<Duration> connectTimeout() {
		return this.delegate.connectTimeout();
	}

	@Override
	public Redirect followRedirects() {
		return this.delegate.followRedirects();
	}

	@Override
	public Optional<ProxySelector> proxy() {
		return this.delegate.proxy();
	}

	@Override
	public SSLContext sslContext() {
		return this.delegate.sslContext();
	}

	@Override
	public SSLParameters sslParameters() {
		return this.delegate.sslParameters();
	}

	@Override
	public Optional<Authenticator> authenticator() {
		return this.delegate.authenticator();
	}

	@Override
	public Version version() {
		return this.delegate.version();
	}

	@Override
	public Optional<Executor> executor() {
		return this.delegate.executor();
	}

	private record Builder(HttpClient.Builder delegate, long maxMessageBytes) implements HttpClient.Builder {

		@Override
		public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
			this.delegate.cookieHandler(cookieHandler);
			return this;
		}

		@Override
		public HttpClient.Builder connectTimeout(Duration duration) {
			this.delegate.connectTimeout(duration);
			return this;
		}

		@Override
		public HttpClient.Builder sslContext(SSLContext sslContext) {
			this.delegate.sslContext(sslContext);
			return this;
		}

		@Override
		public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
			this.delegate.sslParameters(sslParameters);
			return this;
		}

		@Override
		public HttpClient.Builder executor(Executor executor) {
			this.delegate.executor(executor);
			return this;
		}

		@Override
		public HttpClient.Builder followRedirects(Redirect policy) {
			this.delegate.followRedirects(policy);
			return this;
		}

		@Override
		public HttpClient.Builder version(Version version) {
			this.delegate.version(version);
			return this;
		}

		@Override
		public HttpClient.Builder priority(int priority) {
			this.delegate.priority(priority);
			return this;
		}

		@Override
		public HttpClient.Builder proxy(ProxySelector proxySelector) {
			this.delegate.proxy(proxySelector);
			return this;
		}

		@Override
		public HttpClient.Builder authenticator(Authenticator authenticator) {
			this.delegate.authenticator(authenticator);
			return this;
		}

		@Override
		public HttpClient build() {
			return new BoundedHttpClient(this.delegate.build(), this.maxMessageBytes);
		}

	}

}
