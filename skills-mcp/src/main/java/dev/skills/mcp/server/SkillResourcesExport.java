package dev.skills.mcp.server;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsSnapshot;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

/**
 * The {@code skill://} resources of the served skills and {@code skill://index.json} on
 * an MCP server: replaced file by file when a reload changes them (each change announced
 * by the server with {@code notifications/resources/list_changed}), and listed again when
 * a read finds a file's text changed since it was listed.
 */
final class SkillResourcesExport {

	private final McpSyncServer server;

	private final Supplier<SkillsSnapshot> current;

	private final SkillFileReads reads;

	private final Predicate<SkillMeta> serves;

	// What is on the server now: the files per skill, and the index.
	private final Map<String, Map<String, ServedFile>> served = new HashMap<>();

	private @Nullable ServedFile index;

	SkillResourcesExport(McpSyncServer server, Supplier<SkillsSnapshot> current, Predicate<SkillMeta> serves) {
		this.server = server;
		this.current = current;
		this.reads = new SkillFileReads(current);
		this.serves = serves;
	}

	/**
	 * Bring the resources up to date with a snapshot.
	 * @param snapshot the snapshot
	 * @param skills the skills served, by name, in catalog order
	 * @param reread the skills whose files to read again (the others are kept as listed)
	 */
	synchronized void sync(SkillsSnapshot snapshot, Map<String, SkillMeta> skills, Set<String> reread) {
		for (String gone : List.copyOf(this.served.keySet())) {
			if (!skills.containsKey(gone)) {
				this.served.remove(gone).keySet().forEach(this.server::removeResource);
			}
		}
		for (SkillMeta skill : skills.values()) {
			if (this.served.containsKey(skill.name()) && !reread.contains(skill.name())) {
				continue;
			}
			Map<String, ServedFile> before = this.served.getOrDefault(skill.name(), Map.of());
			Map<String, ServedFile> now = new LinkedHashMap<>();
			this.reads.files(snapshot, skill).forEach((file) -> now.put(file.uri(), file));
			before.forEach((uri, file) -> {
				if (!file.equals(now.get(uri))) {
					this.server.removeResource(uri);
				}
			});
			now.forEach((uri, file) -> {
				if (!file.equals(before.get(uri))) {
					this.server.addResource(specification(file, skill));
				}
			});
			this.served.put(skill.name(), now);
		}
		ServedFile index = ServedFile.of(SkillUris.INDEX, "", "index.json",
				ServedIndex.text(List.copyOf(skills.values())));
		if (!index.equals(this.index)) {
			if (this.index != null) {
				this.server.removeResource(SkillUris.INDEX);
			}
			this.server.addResource(indexSpecification(index));
			this.index = index;
		}
	}

	private McpServerFeatures.SyncResourceSpecification specification(ServedFile file, SkillMeta skill) {
		String description = file.uri().equals(SkillUris.skillFile(skill.name())) ? skill.description() : null;
		return new McpServerFeatures.SyncResourceSpecification(file.resource(description), (exchange, request) -> {
			SkillFileReads.Read read = this.reads.read(file);
			if (!read.file().equals(file)) {
				relist(file, read.file(), skill);
			}
			return read.result();
		});
	}

	private McpServerFeatures.SyncResourceSpecification indexSpecification(ServedFile listed) {
		McpSchema.Resource resource = McpSchema.Resource.builder()
			.uri(SkillUris.INDEX)
			.name("index.json")
			.description("The skills this server serves (Agent Skills discovery index)")
			.mimeType("application/json")
			.size(listed.size())
			.meta(listed.meta())
			.build();
		return new McpServerFeatures.SyncResourceSpecification(resource, (exchange, request) -> {
			List<SkillMeta> skills = this.current.get().skills().stream().filter(this.serves).toList();
			String text = ServedIndex.text(skills);
			ServedFile now = ServedFile.of(SkillUris.INDEX, "", "index.json", text);
			return new McpSchema.ReadResourceResult(
					List.of(new McpSchema.TextResourceContents(SkillUris.INDEX, "application/json", text, now.meta())));
		});
	}

	private synchronized void relist(ServedFile listed, ServedFile now, SkillMeta skill) {
		Map<String, ServedFile> files = this.served.get(listed.skill());
		if (files == null || !listed.equals(files.get(listed.uri()))) {
			return;
		}
		files.put(now.uri(), now);
		this.server.removeResource(listed.uri());
		this.server.addResource(specification(now, skill));
	}

}
