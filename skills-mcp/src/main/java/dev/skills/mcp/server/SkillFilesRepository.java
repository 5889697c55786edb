package dev.skills.mcp.server;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.skills.core.SkillResourceException;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncResource;
import io.modelcontextprotocol.modern.server.feature.McpSyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import org.jspecify.annotations.Nullable;

/**
 * The {@code skill://} files on the 2026-07-28 server: {@code resources/list} page by
 * page, {@code resources/read} of a listed file through the registry's guarded read, with
 * the size and digest of the text served in {@code _meta}. Only files listed in a served
 * skill's entry are found: any other URI (a {@code ..} in any spelling, a hidden built-in
 * skill, a path outside the folder) is a JSON-RPC error {@code -32602} after one look-up.
 * A read that finds a file changed since it was listed reports it, so the entries are
 * built again and subscribers told.
 */
final class SkillFilesRepository implements McpSyncResourceRepository {

	private final Supplier<ServedSkills> served;

	private final SkillFileReads reads;

	private final int pageSize;

	private final Consumer<ServedFile> changed;

	SkillFilesRepository(Supplier<ServedSkills> served, SkillFileReads reads, int pageSize,
			Consumer<ServedFile> changed) {
		this.served = served;
		this.reads = reads;
		this.pageSize = pageSize;
		this.changed = changed;
	}

	@Override
	public ResourcesPage list(McpRequestContext context, @Nullable String cursor) {
		List<ServedFile> files = this.served.get().files();
		int start = PageCursor.start(cursor, files.size());
		int end = Math.min(files.size(), start + this.pageSize);
		List<McpSchema.Resource> page = files.subList(start, end).stream().map(SkillFilesRepository::resource).toList();
		return new ResourcesPage(page, PageCursor.next(end, files.size()), 0L, McpSchema.CacheScope.PRIVATE);
	}

	@Override
	public McpSyncResource find(McpRequestContext context, String uri) {
		ServedFile file = (uri.length() <= SkillsFeature.MAX_URI_CHARS) ? this.served.get().file(uri) : null;
		if (file == null) {
			throw McpException.invalidParams("Resource not found: " + SkillsFeature.shown(uri));
		}
		return McpSyncResource.of((ctx, request) -> McpSyncResponse.result(read(file)));
	}

	private McpSchema.ReadResourceResult read(ServedFile file) {
		String text;
		try {
			text = this.reads.text(file);
		}
		catch (SkillResourceException ex) {
			throw McpException.invalidParams(ex.getMessage());
		}
		ServedFile now = ServedFile.of(file.uri(), file.skill(), file.path(), text);
		if (!now.equals(file)) {
			this.changed.accept(file);
		}
		McpSchema.TextResourceContents contents = McpSchema.TextResourceContents.builder(file.uri(), text)
			.mimeType(file.mimeType())
			.meta(now.meta())
			.build();
		return McpSchema.ReadResourceResult.builder(List.of(contents))
			.ttlMs(0)
			.cacheScope(McpSchema.CacheScope.PRIVATE)
			.build();
	}

	private static McpSchema.Resource resource(ServedFile file) {
		return McpSchema.Resource.builder(file.uri(), file.skill() + "/" + file.path())
			.mimeType(file.mimeType())
			.size(file.size())
			.meta(file.meta())
			.build();
	}

}
