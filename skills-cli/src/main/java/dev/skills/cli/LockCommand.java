package dev.skills.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills lock [--output FILE] LOCATION...}: pin every skill the locations serve.
 */
@Command(name = "lock", mixinStandardHelpOptions = true,
		description = "Write a lock file naming every skill the locations serve, its SHA-256 digest and its location.")
final class LockCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Option(names = "--output", paramLabel = "FILE", description = "Where to write it (default: standard output).")
	private @Nullable Path output;

	@Parameters(arity = "1..*", paramLabel = "LOCATION", description = "Folders of skills, in precedence order.")
	private List<String> locations = new ArrayList<>();

	@Override
	public Integer call() throws IOException {
		String text = LockFile.of(this.locations).write();
		if (this.output != null) {
			Files.writeString(this.output, text, StandardCharsets.UTF_8);
		}
		else {
			PrintWriter out = this.spec.commandLine().getOut();
			out.print(text);
			out.flush();
		}
		return 0;
	}

}
