package dev.skills.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.skills.core.InvalidSkillException;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.validate.SkillValidator;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills validate PATH...}: strict validation against the specification.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
		description = "Validate skills. PATH is a skill folder, a SKILL.md, or a folder of skills.")
final class ValidateCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(arity = "1..*", paramLabel = "PATH",
			description = "Skill folders, SKILL.md files or folders of skills.")
	private List<Path> paths = new ArrayList<>();

	@Option(names = "--allow-extensions",
			description = "Report the known extension fields (when_to_use, disallowed-tools) as warnings, not errors.")
	private boolean allowExtensions;

	@Option(names = "--format", defaultValue = "text", description = "Output format: ${COMPLETION-CANDIDATES}.")
	private Format format = Format.text;

	@Override
	public Integer call() {
		List<Report> reports = new ArrayList<>();
		for (Path path : this.paths) {
			for (Path skill : SkillPaths.expand(path)) {
				List<SkillDiagnostic> diagnostics = SkillValidator.validate(skill, this.allowExtensions);
				reports.add(new Report(skill.toString(), nameOf(skill),
						diagnostics.stream().noneMatch(SkillDiagnostic::isError),
						diagnostics.stream().map(Finding::of).toList()));
			}
		}
		PrintWriter out = this.spec.commandLine().getOut();
		if (this.format == Format.json) {
			out.println(Json.write(reports));
		}
		else {
			reports.forEach((report) -> printText(out, report));
		}
		out.flush();
		return reports.stream().allMatch(Report::valid) ? 0 : 1;
	}

	private static void printText(PrintWriter out, Report report) {
		out.println(report.valid() ? "Valid skill: " + report.path() : "Validation failed for " + report.path() + ":");
		for (Finding finding : report.diagnostics()) {
			out.println("  - " + finding.severity() + ": " + finding.message());
		}
	}

	// The name as the frontmatter gives it, even when the skill breaks other rules (then
	// the loader skips it and has no name to give); the loader's name (the folder's)
	// otherwise.
	private static @Nullable String nameOf(Path skill) {
		var skillFile = Files.isDirectory(skill) ? SkillLoader.findSkillFile(skill) : null;
		if (skillFile == null) {
			return null;
		}
		try {
			Object name = SkillLoader.readFields(skillFile).get("name");
			if (name instanceof String text && !text.isBlank()) {
				return text.strip();
			}
		}
		catch (InvalidSkillException | UncheckedIOException ex) {
			return null;
		}
		SkillMeta meta = SkillLoader.readMeta(skillFile).meta();
		return (meta != null) ? meta.name() : null;
	}

	enum Format {

		text, json

	}

	/**
	 * The result for one skill, as printed in JSON.
	 *
	 * @param path the skill folder
	 * @param name the skill name, if it could be read
	 * @param valid whether there are no errors
	 * @param diagnostics the errors and warnings
	 */
	record Report(String path, @Nullable String name, boolean valid, List<Finding> diagnostics) {
	}

	/**
	 * One diagnostic, as printed in JSON.
	 *
	 * @param severity {@code error} or {@code warning}
	 * @param message the message
	 */
	record Finding(String severity, String message) {

		static Finding of(SkillDiagnostic diagnostic) {
			return new Finding(diagnostic.severity().label(), diagnostic.message());
		}

	}

}
