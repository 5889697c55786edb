package dev.skills.sources.git;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.URL;
import java.net.http.HttpRequest;

import dev.skills.sources.Deadline;
import dev.skills.sources.FetchLimitException;
import dev.skills.sources.http.GuardedHttp;
import dev.skills.sources.http.GuardedHttp.Response;
import org.eclipse.jgit.transport.http.HttpConnection;
import org.eclipse.jgit.transport.http.HttpConnectionFactory;

/**
 * The HTTP connections of one git fetch, through the source's {@link GuardedHttp}: only
 * to the repository's origin (a redirect elsewhere is refused, so the credentials JGit
 * adds never leave it), every answer read before the fetch's deadline, all answers
 * together at most the revision's bytes. JGit's own per-read timeout cannot stop a server
 * that sends one byte a second; this does.
 */
final class GitHttp implements HttpConnectionFactory {

	private final GuardedHttp http;

	private final Deadline deadline;

	private final long maxBytes;

	private long received;

	/**
	 * The connections of one fetch.
	 * @param http the source's client
	 * @param deadline when the fetch must be over
	 * @param maxBytes the most bytes all answers may hold together
	 */
	GitHttp(GuardedHttp http, Deadline deadline, long maxBytes) {
		this.http = http;
		this.deadline = deadline;
		this.maxBytes = maxBytes;
	}

	@Override
	public HttpConnection create(URL url) {
		return new GitHttpConnection(this, url);
	}

	@Override
	public HttpConnection create(URL url, Proxy proxy) {
		// The client's proxy selector chooses, as JGit's would.
		return new GitHttpConnection(this, url);
	}

	/**
	 * Send a request of the fetch.
	 * @param request the request
	 * @return the answer, its body counted against the fetch's bytes
	 * @throws IOException when it is refused or there is no answer in time
	 */
	Response send(HttpRequest request) throws IOException {
		Response response = this.http.send(request, this.deadline, Long.MAX_VALUE);
		return new Response(response.url(), response.status(), response.headers(), new Counted(response.body()));
	}

	// Every byte of every answer of the fetch, against the revision's bytes.
	private final class Counted extends FilterInputStream {

		Counted(InputStream in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) < 0) ? -1 : one[0] & 0xff;
		}

		@Override
		public int read(byte[] into, int offset, int length) throws IOException {
			int count = super.read(into, offset, length);
			if (count > 0) {
				GitHttp.this.received += count;
				if (GitHttp.this.received > GitHttp.this.maxBytes) {
					close();
					throw new FetchLimitException("the fetch is larger than " + GitHttp.this.maxBytes + " bytes");
				}
			}
			return count;
		}

	}

}
