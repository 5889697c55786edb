package dev.skills.sources.http;

import java.net.URI;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * Where a URL points, as a browser's same-origin rule sees it: scheme, host and port.
 *
 * @param scheme {@code http} or {@code https}
 * @param host the host, lower case
 * @param port the port, the scheme's default when the URL gives none
 */
public record Origin(String scheme, String host, int port) {

	/**
	 * The origin of a URL.
	 * @param url an absolute {@code http} or {@code https} URL with a host
	 * @return its origin, or {@code null} for any other URL
	 */
	public static @Nullable Origin of(URI url) {
		String scheme = (url.getScheme() != null) ? url.getScheme().toLowerCase(Locale.ROOT) : "";
		if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
			return null;
		}
		int port = (url.getPort() != -1) ? url.getPort() : scheme.equals("https") ? 443 : 80;
		return new Origin(scheme, host(url.getHost()), port);
	}

	/**
	 * A host as origins compare it: lower case, an IPv6 address without its brackets.
	 * @param host a host name or address
	 * @return the host
	 */
	public static String host(String host) {
		String name = host.strip().toLowerCase(Locale.ROOT);
		return (name.startsWith("[") && name.endsWith("]")) ? name.substring(1, name.length() - 1) : name;
	}

	@Override
	public String toString() {
		return this.scheme + "://" + this.host + ":" + this.port;
	}

}
