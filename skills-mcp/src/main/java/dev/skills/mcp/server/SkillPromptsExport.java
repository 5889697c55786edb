package dev.skills.mcp.server;

import java.util.List;
import java.util.function.Supplier;

import dev.skills.core.SkillMeta;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.SkillResourceException;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * One MCP prompt per skill, for clients that offer prompts as slash commands: named and
 * described by the frontmatter, its one message the text {@code activate_skill} returns
 * for the skill, read from the registry when the prompt is fetched.
 */
final class SkillPromptsExport {

	private final Supplier<SkillsSnapshot> current;

	SkillPromptsExport(Supplier<SkillsSnapshot> current) {
		this.current = current;
	}

	McpServerFeatures.SyncPromptSpecification specification(SkillMeta skill) {
		String name = skill.name();
		McpSchema.Prompt prompt = new McpSchema.Prompt(name, null, skill.description(), List.of());
		return new McpServerFeatures.SyncPromptSpecification(prompt, (exchange, request) -> get(name, skill));
	}

	private McpSchema.GetPromptResult get(String name, SkillMeta skill) {
		String text;
		try {
			text = SkillPrompts.skillContent(this.current.get().load(name));
		}
		catch (SkillNotFoundException ex) {
			throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
				.message("Skill '" + ModelText.echo(name) + "' no longer exists.")
				.build();
		}
		catch (SkillResourceException ex) {
			throw SkillFileReads.error(ex);
		}
		return new McpSchema.GetPromptResult(skill.description(),
				List.of(new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text))));
	}

}
