package dev.skills.mcp.source;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.ListResourcesResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourceContents;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;

/**
 * Bounded calls to one MCP server: each list page and each read runs on this object's
 * threads and is given up after its timeout (the call is interrupted), so that a server
 * that never answers costs one timeout, never a stuck fetch. {@link #close()} ends the
 * threads.
 */
final class ResourceReads implements McpReads {

	private final McpSyncClient client;

	private final ExecutorService executor;

	/**
	 * Create the reads of a client.
	 * @param client the client, initialised or not
	 * @param connection the connection's name, for the threads' names
	 */
	ResourceReads(McpSyncClient client, String connection) {
		this.client = client;
		this.executor = Executors.newFixedThreadPool(2, (task) -> {
			Thread thread = new Thread(task, "skills-mcp-" + connection);
			thread.setDaemon(true);
			return thread;
		});
	}

	@Override
	public List<Resource> list(Duration timeout, int maxResources) throws IOException {
		if (!this.client.isInitialized()) {
			call(this.client::initialize, timeout, "initialize");
		}
		List<Resource> resources = new ArrayList<>();
		String cursor = null;
		int listed = 0;
		for (int page = 0; page < MAX_PAGES; page++) {
			String from = cursor;
			ListResourcesResult result = call(() -> this.client.listResources(from), timeout, "resources/list");
			for (Resource resource : result.resources()) {
				McpReads.keep(resource, ++listed, maxResources, resources);
			}
			cursor = result.nextCursor();
			if (cursor == null || cursor.isEmpty()) {
				return resources;
			}
		}
		throw new IOException("the server's resource list has more than " + MAX_PAGES + " pages");
	}

	@Override
	public byte[] read(String uri, long maxBytes, Duration timeout) throws IOException {
		ReadResourceResult result = call(() -> this.client.readResource(new ReadResourceRequest(uri)), timeout,
				"resources/read of " + uri);
		return bytes(uri, result, maxBytes);
	}

	/**
	 * The bytes of a read's one resource, checked as {@link #read} checks them.
	 * @param uri the resource asked for
	 * @param result what the server answered
	 * @param maxBytes the most bytes accepted
	 * @return its bytes: the text in UTF-8, or the decoded blob
	 * @throws IOException when the answer is larger than allowed, or is anything but this
	 * one resource
	 */
	static byte[] bytes(String uri, ReadResourceResult result, long maxBytes) throws IOException {
		if (result.contents() == null) {
			throw new IOException("resources/read of " + uri + " answered without contents");
		}
		if (result.contents().size() != 1 || !uri.equals(result.contents().get(0).uri())) {
			throw new IOException("resources/read of " + uri + " answered with other resources than the one listed");
		}
		ResourceContents contents = result.contents().get(0);
		if (contents instanceof TextResourceContents text) {
			// A UTF-8 encoding has at least one byte per char.
			if (text.text().length() > maxBytes) {
				throw tooLarge(uri, maxBytes);
			}
			byte[] bytes = text.text().getBytes(StandardCharsets.UTF_8);
			if (bytes.length > maxBytes) {
				throw tooLarge(uri, maxBytes);
			}
			return bytes;
		}
		if (contents instanceof BlobResourceContents blob) {
			if (blob.blob().length() / 4L * 3 > maxBytes + 2) {
				throw tooLarge(uri, maxBytes);
			}
			try {
				byte[] bytes = Base64.getDecoder().decode(blob.blob());
				if (bytes.length > maxBytes) {
					throw tooLarge(uri, maxBytes);
				}
				return bytes;
			}
			catch (IllegalArgumentException ex) {
				throw new IOException(uri + " is not valid base64");
			}
		}
		throw new IOException(uri + " has no text and no blob");
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

	private <T> T call(Callable<T> call, Duration timeout, String what) throws IOException {
		Future<T> future;
		try {
			future = this.executor.submit(call);
		}
		catch (RuntimeException ex) {
			throw new IOException(what + " not sent: the source is closed");
		}
		try {
			return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			future.cancel(true);
			throw new IOException(what + " did not answer within " + timeout.toMillis() + " ms");
		}
		catch (InterruptedException ex) {
			future.cancel(true);
			Thread.currentThread().interrupt();
			throw new InterruptedIOException(what + " interrupted");
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw new IOException(what + " failed: " + cause.getMessage(), cause);
		}
	}

	private static IOException tooLarge(String uri, long maxBytes) {
		return new IOException(uri + " is larger than " + maxBytes + " bytes");
	}

}
