package dev.skills.sources.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpRequest;
import java.security.KeyManagementException;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.TrustManager;

import dev.skills.sources.http.GuardedHttp.Response;
import org.eclipse.jgit.transport.http.HttpConnection;
import org.jspecify.annotations.Nullable;

/**
 * One request of a git fetch, as JGit's {@link HttpConnection} asks for it: built up,
 * sent through the fetch's {@link GitHttp} on the first question about the answer.
 * Timeouts JGit sets are replaced by the fetch's deadline; redirects are never followed
 * here (JGit follows them with a new connection, which the guard refuses off the
 * repository's origin); certificate checks cannot be turned off.
 */
final class GitHttpConnection implements HttpConnection {

	// The JDK's client sets these itself and refuses them from callers.
	private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

	// Git's requests are lists of object ids: more than this is not one.
	private static final int MAX_REQUEST_BYTES = 8 * 1024 * 1024;

	private final GitHttp fetch;

	private final URL url;

	private final Map<String, String> headers = new LinkedHashMap<>();

	private String method = "GET";

	private @Nullable ByteArrayOutputStream output;

	private @Nullable Response response;

	GitHttpConnection(GitHttp fetch, URL url) {
		this.fetch = fetch;
		this.url = url;
	}

	@Override
	public int getResponseCode() throws IOException {
		return send().status();
	}

	@Override
	public URL getURL() {
		return this.url;
	}

	@Override
	public String getResponseMessage() throws IOException {
		// The JDK's client does not keep the reason phrase; JGit only shows it.
		return "HTTP " + send().status();
	}

	@Override
	public Map<String, List<String>> getHeaderFields() {
		return (this.response != null) ? this.response.headers().map() : Map.of();
	}

	@Override
	public void setRequestProperty(String key, String value) {
		if (!RESTRICTED.contains(key.toLowerCase(Locale.ROOT))) {
			this.headers.put(key, value);
		}
	}

	@Override
	public void setRequestMethod(String method) {
		this.method = method;
	}

	@Override
	public void setUseCaches(boolean usecaches) {
		// Nothing is cached.
	}

	@Override
	public void setConnectTimeout(int timeout) {
		// The fetch's deadline bounds the whole exchange.
	}

	@Override
	public void setReadTimeout(int timeout) {
		// The fetch's deadline bounds the whole exchange.
	}

	@Override
	public @Nullable String getContentType() {
		return getHeaderField("Content-Type");
	}

	@Override
	public InputStream getInputStream() throws IOException {
		return send().body();
	}

	@Override
	public @Nullable String getHeaderField(String name) {
		return (this.response != null) ? this.response.headers().firstValue(name).orElse(null) : null;
	}

	@Override
	public List<String> getHeaderFields(String name) {
		return (this.response != null) ? this.response.headers().allValues(name) : List.of();
	}

	@Override
	public int getContentLength() {
		String length = getHeaderField("Content-Length");
		try {
			return (length != null) ? Integer.parseInt(length.strip()) : -1;
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	@Override
	public void setInstanceFollowRedirects(boolean followRedirects) {
		// Never followed here: JGit follows a redirect with a new connection.
	}

	@Override
	public void setDoOutput(boolean dooutput) {
		// A request has a body once one is written.
	}

	@Override
	public void setFixedLengthStreamingMode(int contentLength) {
		// The body is sent whole once written.
	}

	@Override
	public void setChunkedStreamingMode(int chunklen) {
		// The body is sent whole once written.
	}

	@Override
	public OutputStream getOutputStream() {
		if (this.output == null) {
			this.output = new ByteArrayOutputStream() {

				@Override
				public synchronized void write(byte[] bytes, int offset, int length) {
					if (size() + length > MAX_REQUEST_BYTES) {
						throw new IllegalStateException("a git request larger than " + MAX_REQUEST_BYTES + " bytes");
					}
					super.write(bytes, offset, length);
				}

			};
		}
		return this.output;
	}

	@Override
	public String getRequestMethod() {
		return this.method;
	}

	@Override
	public boolean usingProxy() {
		return false;
	}

	@Override
	public void connect() {
		// Sent on the first question about the answer, once the body is written.
	}

	@Override
	public void configure(KeyManager[] km, TrustManager[] tm, SecureRandom random) throws KeyManagementException {
		throw new KeyManagementException("skill sources always check certificates");
	}

	@Override
	public void setHostnameVerifier(HostnameVerifier hostnameverifier) throws KeyManagementException {
		throw new KeyManagementException("skill sources always check host names");
	}

	private Response send() throws IOException {
		if (this.response == null) {
			HttpRequest.Builder request;
			try {
				request = HttpRequest.newBuilder(this.url.toURI());
			}
			catch (URISyntaxException | IllegalArgumentException ex) {
				throw new IOException("not a URL the client can request");
			}
			request.method(this.method,
					(this.output != null) ? HttpRequest.BodyPublishers.ofByteArray(this.output.toByteArray())
							: HttpRequest.BodyPublishers.noBody());
			this.headers.forEach(request::header);
			this.response = this.fetch.send(request.build());
		}
		return this.response;
	}

}
