package dev.skills.test;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * JSON-RPC requests to a Skills Extension endpoint on protocol 2026-07-28, in plain HTTP:
 * no session; the version in a header and, with the client's capabilities, in each
 * request's {@code _meta}; the method, and the URI a request names, mirrored in headers
 * (without the {@code _meta} every request is -32602, whatever it asks).
 */
public final class ExtensionRequests {

	/** The protocol version the requests speak. */
	public static final String PROTOCOL = "2026-07-28";

	private ExtensionRequests() {
	}

	/**
	 * A request.
	 * @param endpoint the endpoint's URL
	 * @param method the JSON-RPC method
	 * @param params its parameters, a JSON object
	 * @return the request
	 */
	public static HttpRequest of(URI endpoint, String method, String params) {
		return of(endpoint, method, params, null);
	}

	/**
	 * A request naming a resource, as {@code resources/read} must in its {@code Mcp-Name}
	 * header.
	 * @param endpoint the endpoint's URL
	 * @param method the JSON-RPC method
	 * @param params its parameters, a JSON object
	 * @param name the URI the request names, or {@code null} for none
	 * @return the request
	 */
	public static HttpRequest of(URI endpoint, String method, String params, String name) {
		String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + PROTOCOL
				+ "\",\"io.modelcontextprotocol/clientCapabilities\":{}}";
		String withMeta = params.equals("{}") ? "{" + meta + "}"
				: params.substring(0, params.length() - 1) + "," + meta + "}";
		String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + withMeta + "}";
		HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.header("MCP-Protocol-Version", PROTOCOL)
			.header("Mcp-Method", method)
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (name != null) {
			request.header("Mcp-Name", name);
		}
		return request.build();
	}

}
