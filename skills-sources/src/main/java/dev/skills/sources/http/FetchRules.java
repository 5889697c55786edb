package dev.skills.sources.http;

import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which URLs one source may request and what each request carries. The source's own
 * origin (its configured URL's scheme, host and port) is always allowed and is the only
 * one to get the configured headers and credentials; another origin is allowed only when
 * its host is one the operator listed (any port, {@code http} or {@code https}). So a
 * private, loopback or link-local address is reached only when the operator named it: the
 * source's own host, or a listed one.
 */
public final class FetchRules {

	private final Origin home;

	private final Set<String> allowedHosts;

	private final Map<String, String> headers;

	/**
	 * Create the rules of a source.
	 * @param home the source's configured URL
	 * @param allowedHosts the other hosts it may request (host names or addresses)
	 * @param headers the headers (credentials among them) for its own origin only
	 */
	public FetchRules(URI home, Set<String> allowedHosts, Map<String, String> headers) {
		Origin origin = Origin.of(home);
		if (origin == null) {
			throw new IllegalArgumentException("only http and https URLs are read: " + home);
		}
		this.home = origin;
		this.allowedHosts = allowedHosts.stream().map(Origin::host).collect(Collectors.toUnmodifiableSet());
		this.headers = Map.copyOf(headers);
	}

	/**
	 * Whether a URL is on the source's own origin.
	 * @param url the URL
	 * @return whether its scheme, host and port are the source's
	 */
	public boolean home(URI url) {
		return this.home.equals(Origin.of(url));
	}

	/**
	 * Whether the source may request a URL.
	 * @param url the URL
	 * @return whether it is on the source's origin or an allowed host
	 */
	public boolean allows(URI url) {
		Origin origin = Origin.of(url);
		return origin != null && (origin.equals(this.home) || this.allowedHosts.contains(origin.host()));
	}

	/**
	 * The configured headers a request to a URL carries.
	 * @param url the URL
	 * @return the headers on the source's own origin, none elsewhere
	 */
	public Map<String, String> headers(URI url) {
		return home(url) ? this.headers : Map.of();
	}

}
