package dev.skills.mcp.source.test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

/**
 * An MCP server over streamable HTTP on loopback, built with the MCP Java SDK, that
 * serves {@code skill://} resources the test controls, honest or not: each file is listed
 * with its size and {@code sha256:<hex>} digest in {@code _meta} unless told otherwise.
 * The server half of the tests; a Spring application serving skills can replace it.
 */
public final class SkillsMcpTestServer implements AutoCloseable {

	// Tomcat's warnings about the SDK's reactor threads at shutdown are not the test's.
	private static final Logger CATALINA = Logger.getLogger("org.apache.catalina");

	static {
		CATALINA.setLevel(Level.SEVERE);
	}

	private final Tomcat tomcat = new Tomcat();

	private final McpSyncServer server;

	private final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();

	private final CountDownLatch closed = new CountDownLatch(1);

	private SkillsMcpTestServer(Path baseDir) throws Exception {
		HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
			.mcpEndpoint("/mcp")
			.build();
		this.server = McpServer.sync(transport)
			.serverInfo("skills-test-server", "1.0")
			// Notifications are sent when the test says so, not on every change.
			.capabilities(McpSchema.ServerCapabilities.builder().resources(false, false).build())
			.build();
		this.tomcat.setBaseDir(baseDir.toString());
		this.tomcat.setPort(0);
		this.tomcat.setSilent(true);
		Context context = this.tomcat.addContext("", baseDir.toString());
		Tomcat.addServlet(context, "mcp", transport).setAsyncSupported(true);
		context.addServletMappingDecoded("/mcp", "mcp");
		this.tomcat.getConnector();
		this.tomcat.start();
	}

	/**
	 * Start a server.
	 * @return the server
	 * @throws Exception when it cannot start
	 */
	public static SkillsMcpTestServer start() throws Exception {
		return new SkillsMcpTestServer(Files.createTempDirectory("skills-mcp-server"));
	}

	/**
	 * The base URL a client connects to.
	 * @return {@code http://127.0.0.1:<port>}
	 */
	public String url() {
		return "http://127.0.0.1:" + this.tomcat.getConnector().getLocalPort();
	}

	/**
	 * Serve a skill: {@code SKILL.md} with this name and description and instructions,
	 * plus other files.
	 * @param name the skill's name (its URI segment and frontmatter name)
	 * @param description its description
	 * @param files other files by path, may be empty
	 */
	public void skill(String name, String description, Map<String, String> files) {
		skillFile(name, name, description);
		files.forEach((path, text) -> file("skill://" + name + "/" + path, text));
	}

	/**
	 * Serve a {@code SKILL.md} whose frontmatter name may differ from its URI's.
	 * @param uriName the URI's name segment
	 * @param frontmatterName the name in the frontmatter
	 * @param description its description
	 */
	public void skillFile(String uriName, String frontmatterName, String description) {
		file("skill://" + uriName + "/SKILL.md", skillMd(frontmatterName, description));
	}

	/**
	 * The text of a {@code SKILL.md}.
	 * @param name its name
	 * @param description its description
	 * @return the text
	 */
	public static String skillMd(String name, String description) {
		return "---\nname: " + name + "\ndescription: " + description + "\n---\n\nInstructions of " + name + ".\n";
	}

	/**
	 * Serve a file honestly: listed with its size and digest.
	 * @param uri its URI
	 * @param text its text
	 */
	public void file(String uri, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		serve(uri, (long) bytes.length, "sha256:" + sha256(bytes), () -> text);
	}

	/**
	 * Serve a file listed with the digest of other content.
	 * @param uri its URI
	 * @param text the text served
	 * @param listedText the text whose digest and size are listed
	 */
	public void lyingFile(String uri, String text, String listedText) {
		byte[] listed = listedText.getBytes(StandardCharsets.UTF_8);
		serve(uri, (long) listed.length, "sha256:" + sha256(listed), () -> text);
	}

	/**
	 * Serve a file of some megabytes, listed with its size; its text is made only if it
	 * is read.
	 * @param uri its URI
	 * @param megabytes its size
	 */
	public void hugeFile(String uri, int megabytes) {
		serve(uri, megabytes * 1024L * 1024, null, () -> "x".repeat(megabytes * 1024 * 1024));
	}

	/**
	 * Serve a file whose read never answers (until the server closes).
	 * @param uri its URI
	 * @param text the text it lists the digest of
	 */
	public void hangingFile(String uri, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		serve(uri, (long) bytes.length, "sha256:" + sha256(bytes), () -> {
			try {
				this.closed.await(1, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return text;
		});
	}

	/**
	 * Serve a file whose read answers with another resource.
	 * @param uri its URI
	 * @param answeredUri the URI of the contents it answers with
	 * @param text their text, whose size and digest are listed
	 */
	public void misdirectedFile(String uri, String answeredUri, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		Resource resource = resource(uri, (long) bytes.length, "sha256:" + sha256(bytes));
		handle(resource, () -> new ReadResourceResult(
				List.of(new TextResourceContents(answeredUri, resource.mimeType(), text, null))));
	}

	/**
	 * Stop serving a resource.
	 * @param uri its URI
	 */
	public void remove(String uri) {
		this.server.removeResource(uri);
	}

	/**
	 * Send {@code notifications/resources/list_changed} to every client.
	 */
	public void notifyChanged() {
		this.server.notifyResourcesListChanged();
	}

	/**
	 * How often a resource was read.
	 * @param uri its URI
	 * @return the reads so far
	 */
	public int reads(String uri) {
		AtomicInteger count = this.reads.get(uri);
		return (count != null) ? count.get() : 0;
	}

	@Override
	public void close() throws Exception {
		this.closed.countDown();
		this.server.closeGracefully();
		this.tomcat.stop();
		this.tomcat.destroy();
	}

	private void serve(String uri, Long size, String digest, Supplier<String> text) {
		Resource resource = resource(uri, size, digest);
		handle(resource, () -> new ReadResourceResult(
				List.of(new TextResourceContents(uri, resource.mimeType(), text.get(), null))));
	}

	private static Resource resource(String uri, Long size, String digest) {
		Map<String, Object> meta = (digest != null) ? Map.of("sha256", digest) : null;
		return Resource.builder(uri, uri.substring(uri.lastIndexOf('/') + 1))
			.mimeType(uri.endsWith(".md") ? "text/markdown" : "text/plain")
			.size(size)
			.meta(meta)
			.build();
	}

	private void handle(Resource resource, Supplier<ReadResourceResult> result) {
		String uri = resource.uri();
		if (this.server.listResources().stream().anyMatch((listed) -> listed.uri().equals(uri))) {
			this.server.removeResource(uri);
		}
		this.server.addResource(new SyncResourceSpecification(resource, (exchange, request) -> {
			this.reads.computeIfAbsent(uri, (key) -> new AtomicInteger()).incrementAndGet();
			return result.get();
		}));
	}

	private static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
