package dev.skills.sources.git;

import java.io.IOException;
import java.net.Proxy;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.Map;
import java.util.Set;

import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
import dev.skills.sources.http.FetchRules;
import dev.skills.sources.http.GuardedHttp;
import dev.skills.sources.http.GuardedHttp.Response;
import dev.skills.sources.http.Origin;
import org.eclipse.jgit.transport.http.HttpConnection;
import org.eclipse.jgit.transport.http.HttpConnectionFactory;
import org.jspecify.annotations.Nullable;

/**
 * The HTTP connections of one git fetch, through the source's {@link GuardedHttp}: only
 * to the repository's origin (a redirect elsewhere is refused, so the credentials JGit
 * adds never leave it), every answer read before the fetch's deadline, all answers
 * together charged to one budget of the revision's bytes. JGit's own per-read timeout
 * cannot stop a server that sends one byte a second; this does.
 */
final class GitHttp implements HttpConnectionFactory {

	private final GuardedHttp http;

	private final Deadline deadline;

	private final FetchBudget budget;

	/**
	 * The connections of one fetch.
	 * @param http the source's client
	 * @param deadline when the fetch must be over
	 * @param budget what every byte of every answer is charged to
	 */
	GitHttp(GuardedHttp http, Deadline deadline, FetchBudget budget) {
		this.http = http;
		this.deadline = deadline;
		this.budget = budget;
	}

	/**
	 * The guard of a repository read over http or https: its origin only.
	 * @param uri the repository's URI as configured
	 * @return the guard, to close, or {@code null} for another transport
	 */
	static @Nullable GuardedHttp guard(String uri) {
		try {
			URI parsed = new URI(uri);
			return (Origin.of(parsed) != null)
					? new GuardedHttp(new FetchRules(parsed, Set.of(), Map.of()), "skills-git-http") : null;
		}
		catch (URISyntaxException ex) {
			return null;
		}
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
	 * @return the answer
	 * @throws IOException when it is refused or there is no answer in time
	 */
	Response send(HttpRequest request) throws IOException {
		return this.http.send(request, this.deadline, this.budget);
	}

}
