package dev.skills.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.skills.core.parse.Frontmatter;
import dev.skills.core.parse.FrontmatterException;
import dev.skills.core.parse.FrontmatterParser;
import dev.skills.core.parse.SkillLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills properties PATH}: the frontmatter as JSON, read as the loader reads it.
 */
@Command(name = "properties", mixinStandardHelpOptions = true,
		description = "Print the parsed frontmatter of one skill as JSON.")
final class PropertiesCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(paramLabel = "PATH", description = "A skill folder or its SKILL.md.")
	private Path path;

	@Override
	public Integer call() {
		Path skillFile = Files.isDirectory(this.path) ? SkillLoader.findSkillFile(this.path) : this.path;
		if (skillFile == null || !Files.isRegularFile(skillFile)) {
			return fail("error: " + this.path + ": SKILL.md not found in " + this.path);
		}
		try {
			Frontmatter frontmatter = FrontmatterParser.parseLenient(Files.readString(skillFile, StandardCharsets.UTF_8));
			this.spec.commandLine().getOut().println(Json.write(frontmatter.fields()));
			this.spec.commandLine().getOut().flush();
			return 0;
		}
		catch (FrontmatterException ex) {
			return fail("error: " + skillFile + ": " + ex.getMessage());
		}
		catch (IOException ex) {
			return fail("error: " + skillFile + ": cannot read: " + ex.getMessage());
		}
	}

	private int fail(String message) {
		this.spec.commandLine().getErr().println(message);
		this.spec.commandLine().getErr().flush();
		return 1;
	}

}
